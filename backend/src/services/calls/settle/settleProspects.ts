import { QueryTypes, type Transaction } from 'sequelize';
import { callResultOf, RETRYABLE_RESULTS, type CallResult, type NoCallReason } from '@ringcast/shared-types';
import { execute } from '../../../db/execute';
import { sequelize } from '../../../db/sequelize';
import type { CallRecord } from '../../../db/models';
import { DECIDE_AGAIN_AT, placedAttempts } from '../dispatch';
import { retryTimes } from './retryTimes';
import { promisedCalls, unansweredCallbacks } from './settledCallbacks';
import { retryUnansweredCallbacks, scheduleCallbacks } from '../../callbacks';

/** A settled call of a prospect, as the prospect's row is moved by it. */
interface ProspectCall {
  campaignId: number;
  prospectId: number;
  result: CallResult | null;
}

const key = (c: { campaignId: number; prospectId: number }) => `${c.campaignId}-${c.prospectId}`;

/** `(campaignId = 1 AND prospectId IN (...)) OR ...` over the rows of the calls, with its values. */
function rowsOf(calls: ProspectCall[], name: string) {
  const byCampaign = new Map<number, number[]>();
  for (const call of calls)
    byCampaign.set(call.campaignId, [...(byCampaign.get(call.campaignId) ?? []), call.prospectId]);
  const replacements: Record<string, unknown> = {};
  const conditions = [...byCampaign].map(([campaignId, prospectIds], i) => {
    replacements[`${name}c${i}`] = campaignId;
    replacements[`${name}p${i}`] = prospectIds;
    return `(campaignId = :${name}c${i} AND prospectId IN (:${name}p${i}))`;
  });
  return { where: `(${conditions.join(' OR ')})`, replacements };
}

/** `CASE WHEN <row> THEN :value ... END` for a column whose value differs per prospect row. */
function perRow<T>(calls: ProspectCall[], name: string, valueOf: (call: ProspectCall) => T, alias = '') {
  const replacements: Record<string, unknown> = {};
  const cases = calls.map((call, i) => {
    replacements[`${name}c${i}`] = call.campaignId;
    replacements[`${name}p${i}`] = call.prospectId;
    replacements[`${name}v${i}`] = valueOf(call);
    return `WHEN ${alias}campaignId = :${name}c${i} AND ${alias}prospectId = :${name}p${i} THEN :${name}v${i}`;
  });
  return { sql: `CASE ${cases.join(' ')} END`, replacements };
}

/**
 * The prospects' states after their calls settled, in a few statements for the whole batch. Busy
 * and no answer are tried again, while the campaign's attempts last, when the calling rules next
 * allow after the retry delay (retryTimes: within the campaign's hours). Any other placed call
 * leaves nothing more to do: a voicemail was left once, a failed call means an invalid number.
 * One withdrawn before dialing goes back in line. A prospect who opted out during the call was
 * already taken off the count. A callee who asked to be called back is scheduled for it, and a
 * promised call back nobody answered is tried once more (services/callbacks). Answers, per
 * campaign, how many prospects are done with.
 */
export async function settleProspects(
  settled: { call: CallRecord; placed: boolean }[],
  retryRules: Map<number, { retryDelayMinutes: number; maxAttempts: number }>,
  transaction: Transaction,
): Promise<Map<number, number>> {
  const finished = new Map<number, number>();
  const ofProspects = settled.filter(({ call }) => call.prospectId);
  if (!ofProspects.length) return finished;
  const asRow = (call: CallRecord): ProspectCall => ({
    campaignId: call.campaignId,
    prospectId: call.prospectId!,
    result: callResultOf(call),
  });

  // Every row of the batch is locked first, in key order, as the dispatcher's moves take theirs:
  // taken statement by statement below, in another order, the two could deadlock.
  const all = rowsOf(
    ofProspects.map(({ call }) => asRow(call)),
    'l',
  );
  await sequelize.query(
    `SELECT campaignId FROM campaign_prospects WHERE ${all.where} ORDER BY campaignId, prospectId FOR UPDATE`,
    { replacements: all.replacements, type: QueryTypes.SELECT, transaction },
  );

  const withdrawn = ofProspects.filter(({ placed }) => !placed).map(({ call }) => asRow(call));
  if (withdrawn.length) {
    const rows = rowsOf(withdrawn, 'w');
    await sequelize.query(
      `UPDATE campaign_prospects SET state = 'pending', nextAttemptAt = :due, updatedAt = NOW(3)
        WHERE ${rows.where} AND state = 'in_call'`,
      { replacements: { ...rows.replacements, due: DECIDE_AGAIN_AT }, transaction },
    );
  }

  const placed = ofProspects.filter(({ placed }) => placed).map(({ call }) => asRow(call));
  if (!placed.length) return finished;
  // Promised call backs first: the prospects they schedule are no longer in a call below.
  await scheduleCallbacks(promisedCalls(ofProspects), transaction);
  await retryUnansweredCallbacks(unansweredCallbacks(ofProspects), transaction);
  const userIdOf = new Map(ofProspects.map(({ call }) => [call.campaignId, call.userId]));
  const retryable = placed.filter((p) => p.result !== null && RETRYABLE_RESULTS.includes(p.result));
  // One statement per campaign, its retry rules given: joined to the campaigns table instead, the
  // statement could scan that small table and ask for rows other batches hold (a deadlock). The
  // attempts are counted beforehand by a plain read: counted in the statement, they took shared
  // locks on the prospects' calls, and a batch holding one of them waited in a circle with it.
  for (const campaignId of [...new Set(retryable.map((p) => p.campaignId))].sort((a, b) => a - b)) {
    const rules = retryRules.get(campaignId);
    if (!rules) continue;
    const candidates = retryable.filter((p) => p.campaignId === campaignId);
    const attempts = await placedAttempts(
      campaignId,
      candidates.map((p) => p.prospectId),
      transaction,
    );
    const ofCampaign = candidates.filter((p) => (attempts.get(p.prospectId) ?? 0) < rules.maxAttempts);
    if (!ofCampaign.length) continue;
    const times = await retryTimes(
      campaignId,
      userIdOf.get(campaignId)!,
      new Map(ofCampaign.map((p) => [p.prospectId, attempts.get(p.prospectId) ?? 0])),
      rules,
      transaction,
    );
    const retried = ofCampaign.filter((p) => times.has(p.prospectId));
    if (!retried.length) continue;
    const result = perRow(retried, 'rr', (p) => p.result, 'cp.');
    const next = perRow(retried, 'rn', (p) => times.get(p.prospectId)!, 'cp.');
    await sequelize.query(
      `UPDATE campaign_prospects cp
          SET cp.state = 'scheduled', cp.lastResult = ${result.sql}, cp.reason = 'retry_wait',
              cp.nextAttemptAt = ${next.sql}, cp.updatedAt = NOW(3)
        WHERE cp.campaignId = :campaignId AND cp.prospectId IN (:prospectIds)
          AND cp.state = 'in_call' AND cp.lastAttemptAt IS NOT NULL`,
      {
        replacements: {
          ...result.replacements,
          ...next.replacements,
          campaignId,
          prospectIds: retried.map((p) => p.prospectId),
        },
        transaction,
      },
    );
  }

  // What is still in a call now is done with: read (and locked) first, so each campaign's count of
  // prospects left goes down by exactly the rows this moves.
  const rows = rowsOf(placed, 'd');
  const inCall = await sequelize.query<{ campaignId: number; prospectId: number }>(
    `SELECT campaignId, prospectId FROM campaign_prospects WHERE ${rows.where} AND state = 'in_call' FOR UPDATE`,
    { replacements: rows.replacements, type: QueryTypes.SELECT, transaction },
  );
  if (!inCall.length) return finished;
  const byKey = new Map(placed.map((p) => [key(p), p]));
  const done = inCall.map((row) =>
    byKey.get(key({ campaignId: Number(row.campaignId), prospectId: Number(row.prospectId) }))!,
  );
  const reasonOf = (p: ProspectCall): NoCallReason | null =>
    p.result !== null && RETRYABLE_RESULTS.includes(p.result)
      ? 'attempts_exhausted'
      : p.result === 'failed'
        ? 'invalid_number'
        : null;
  const target = rowsOf(done, 't');
  const result = perRow(done, 'tr', (p) => p.result);
  const reason = perRow(done, 'tn', reasonOf);
  const moved = await execute(
    `UPDATE campaign_prospects
        SET state = 'done', nextAttemptAt = NULL, lastResult = ${result.sql}, reason = ${reason.sql},
            updatedAt = NOW(3)
      WHERE ${target.where} AND state = 'in_call'`,
    { replacements: { ...target.replacements, ...result.replacements, ...reason.replacements }, transaction },
  );
  if (moved !== done.length) throw new Error(`${done.length} prospects locked in a call, ${moved} moved`);
  for (const p of done) finished.set(p.campaignId, (finished.get(p.campaignId) ?? 0) + 1);
  return finished;
}
