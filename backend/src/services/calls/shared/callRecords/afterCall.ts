/** The writes after a call: the provider's prices and the recording. */
import { sqlValue } from '../../../../db/execute';
import type { CallRecord } from '../../../../db/models';
import { STAMP, callRecordStamp, keep, run, stampAfter } from './statement';

/**
 * Prices the provider reported for answered calls, each written only where none is stored (a
 * sweep that meets a call twice changes nothing), in one statement. A transferred call's price
 * includes its transferred leg's, which is kept beside it (`transferLegPrice`).
 */
export async function storeCallPrices(
  prices: { id: number; price: string; transferLegPrice?: string }[],
): Promise<void> {
  if (!prices.length) return;
  const now = callRecordStamp();
  const replacements: Record<string, unknown> = { ids: prices.map((p) => p.id) };
  const cases = prices.map((p, i) => {
    replacements[`p${i}`] = p.price;
    return `WHEN ${Number(p.id)} THEN :p${i}`;
  });
  const legCases = prices.flatMap((p, i) => {
    if (p.transferLegPrice === undefined) return [];
    replacements[`l${i}`] = p.transferLegPrice;
    return [`WHEN ${Number(p.id)} THEN :l${i}`];
  });
  const legs = legCases.length
    ? `, transferLegPrice = CASE id ${legCases.join(' ')} ELSE transferLegPrice END`
    : '';
  await run(
    `UPDATE call_records SET price = CASE id ${cases.join(' ')} END${legs}, ${STAMP(now)}
      WHERE id IN (:ids) AND price IS NULL`,
    replacements,
  );
}

/** The call's recording, from its status callback; the first is kept (a repeat writes nothing). */
export async function storeCallRecording(
  call: CallRecord,
  recording: { sid: string; seconds: number; channels: number },
): Promise<boolean> {
  const now = callRecordStamp();
  const stored = await run(
    `UPDATE call_records SET recordingSid = :sid, recordingSeconds = :seconds,
        recordingChannels = :channels, ${STAMP(now)}
      WHERE id = :callId AND recordingSid IS NULL`,
    { ...recording, callId: call.id },
  );
  if (stored) {
    const { sid, seconds, channels } = recording;
    const values = { recordingSid: sid, recordingSeconds: seconds, recordingChannels: channels };
    keep(call, { ...values, updatedAt: stampAfter(call.updatedAt, now) });
  }
  return stored > 0;
}

/** The call's recording was removed at the provider: marked once (the sid stays, for the audit). */
export async function markRecordingDeleted(call: CallRecord): Promise<boolean> {
  const now = callRecordStamp();
  const marked = await run(
    `UPDATE call_records SET recordingDeletedAt = ${sqlValue(now)}, ${STAMP(now)}
      WHERE id = :callId AND recordingSid = :sid AND recordingDeletedAt IS NULL`,
    { callId: call.id, sid: call.recordingSid },
  );
  if (marked) keep(call, { recordingDeletedAt: now, updatedAt: stampAfter(call.updatedAt, now) });
  return marked > 0;
}
