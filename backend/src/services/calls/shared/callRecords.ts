/**
 * The writes to `call_records` that do not go through a locked instance's settlement.
 *
 * Lock order (every transaction that writes calls takes its rows in this order, so two of them
 * never wait on each other in a circle):
 *   1. the calls' rows, by id ascending (lockCalls, or the single row of a one-call write);
 *   2. the campaigns' rows, by id ascending (FOR UPDATE, before the usage rows whose inserts check
 *      them with a shared lock);
 *   3. the usage rows;
 *   4. the campaign_prospects rows, in (campaignId, prospectId) order, as the dispatcher takes them;
 *   5. the campaigns' counters (atomic increments on rows already held).
 * A transcript's rows read their call with a shared lock, in call order: the same step 1.
 *
 * `updatedAt` is stamped one way: a JS Date (milliseconds kept) passed into the statement, so the
 * value written is the value the caller holds and announces. Each write here is one statement,
 * run again whole when the database picks it as a deadlock's victim (retryOnDeadlock).
 */
import { execute, sqlValue } from '../../../db/execute';
import { retryOnDeadlock } from '../../../db/deadlockRetry';
import type { CallRecord } from '../../../db/models';

/** The moment a write stamps into `updatedAt` (and the other times it sets). */
export const callRecordStamp = (): Date => new Date();

const run = (sql: string, replacements: Record<string, unknown>) =>
  retryOnDeadlock(() => execute(sql, { replacements }));

/** Sets on the instance what a statement wrote to its row, so it can be announced without a read. */
const keep = (call: CallRecord, values: Partial<CallRecord>) => call.set(values, { raw: true });

/**
 * `queued -> dialing`, conditional: only the process that wins this update dials. Answers whether
 * it won; when it did, `call` holds what was written.
 */
export async function claimQueuedCall(call: CallRecord, fromNumber: string): Promise<boolean> {
  const now = callRecordStamp();
  const claimed = await run(
    `UPDATE call_records SET status = 'dialing', dialedAt = ${sqlValue(now)}, fromNumber = :from,
        updatedAt = ${sqlValue(now)}
      WHERE id = :callId AND status = 'queued'`,
    { callId: call.id, from: fromNumber },
  );
  if (claimed) keep(call, { status: 'dialing', dialedAt: now, fromNumber, updatedAt: now });
  return claimed > 0;
}

/** A dial the provider turned away for now (429): the call goes back to `queued`, undialed. */
export async function requeueDialingCall(callId: number, now = callRecordStamp()): Promise<void> {
  await run(
    `UPDATE call_records SET status = 'queued', dialedAt = NULL, updatedAt = ${sqlValue(now)}
      WHERE id = :callId AND status = 'dialing' AND providerCallSid IS NULL`,
    { callId },
  );
}

/**
 * The CallSid the provider gave a call just placed, unless one is already stored (a callback got
 * there first). Answers whether it was written; when it was, `call` holds what was written.
 */
export async function storeCallSid(call: CallRecord, callSid: string): Promise<boolean> {
  const now = callRecordStamp();
  const stored = await run(
    `UPDATE call_records SET providerCallSid = :sid, lastEventAt = ${sqlValue(now)}, updatedAt = ${sqlValue(now)}
      WHERE id = :callId AND providerCallSid IS NULL`,
    { sid: callSid, callId: call.id },
  );
  if (stored) keep(call, { providerCallSid: callSid, lastEventAt: now, updatedAt: now });
  return stored > 0;
}

/**
 * The CallSid found in the provider for a half-placed call (reconciliation), unless one is
 * already stored. Answers whether it was written.
 */
export async function attachFoundCallSid(
  callId: number,
  callSid: string,
  now = callRecordStamp(),
): Promise<boolean> {
  const attached = await run(
    `UPDATE call_records SET providerCallSid = :sid, lastEventAt = ${sqlValue(now)}, updatedAt = ${sqlValue(now)}
      WHERE id = :callId AND providerCallSid IS NULL`,
    { sid: callSid, callId },
  );
  return attached > 0;
}

/** A live call the provider still reports live: heard of now, so it is not fetched again soon. */
export async function markCallHeardOf(callId: number, now = callRecordStamp()): Promise<void> {
  await run(
    `UPDATE call_records SET lastEventAt = ${sqlValue(now)}, updatedAt = ${sqlValue(now)} WHERE id = :callId`,
    { callId },
  );
}
