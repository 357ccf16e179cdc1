/** The writes of a call's life, from its row to its settling, and the row locks (step 1 of the lock order). */
import { execute, sqlValue } from '../../../../db/execute';
import { retryOnDeadlock } from '../../../../db/deadlockRetry';
import { QueryTypes, type Attributes, type CreationAttributes, type Transaction } from 'sequelize';
import { sequelize } from '../../../../db/sequelize';
import { CallRecord } from '../../../../db/models';
import { STAMP, callRecordStamp, keep, run, stampAfter } from './statement';

/**
 * Step 1 of the lock order: the calls, locked for the transaction in id order and read in one
 * statement (the model's instances, as findAll builds them). With `passHeld`, calls another
 * transaction holds are passed by rather than waited for, and named in `held` (a plain read tells
 * them from calls that do not exist).
 */
export async function lockCalls(
  ids: number[],
  transaction: Transaction,
  { passHeld = false } = {},
): Promise<{ calls: CallRecord[]; held: Set<number> }> {
  const sorted = [...ids].sort((a, b) => a - b);
  const calls = await sequelize.query<CallRecord>(
    `SELECT * FROM call_records WHERE id IN (:ids) ORDER BY id FOR UPDATE${passHeld ? ' SKIP LOCKED' : ''}`,
    { replacements: { ids: sorted }, model: CallRecord, mapToModel: true, transaction },
  );
  const held = new Set<number>();
  if (!passHeld) return { calls, held };
  const mine = new Set(calls.map((call) => call.id));
  const absent = sorted.filter((id) => !mine.has(id));
  if (absent.length) {
    const existing = await sequelize.query<{ id: number }>(
      'SELECT id FROM call_records WHERE id IN (:absent)',
      {
        replacements: { absent },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    for (const row of existing) held.add(Number(row.id));
  }
  return { calls, held };
}

/** One call locked for the transaction (step 1 of the lock order), or null when there is none. */
export async function lockCall(id: number, transaction: Transaction): Promise<CallRecord | null> {
  return (await lockCalls([id], transaction)).calls[0] ?? null;
}

/**
 * `queued -> dialing`, conditional: only the process that wins this update dials. Answers whether
 * it won; when it did, `call` holds what was written.
 */
export async function claimQueuedCall(call: CallRecord, fromNumber: string): Promise<boolean> {
  const now = callRecordStamp();
  const claimed = await run(
    `UPDATE call_records SET status = 'dialing', dialedAt = ${sqlValue(now)}, fromNumber = :from,
        ${STAMP(now)}
      WHERE id = :callId AND status = 'queued'`,
    { callId: call.id, from: fromNumber },
  );
  if (claimed)
    keep(call, { status: 'dialing', dialedAt: now, fromNumber, updatedAt: stampAfter(call.updatedAt, now) });
  return claimed > 0;
}

/** A dial the provider turned away for now (429): the call goes back to `queued`, undialed. */
export async function requeueDialingCall(callId: number, now = callRecordStamp()): Promise<void> {
  await run(
    `UPDATE call_records SET status = 'queued', dialedAt = NULL, ${STAMP(now)}
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
    `UPDATE call_records SET providerCallSid = :sid, lastEventAt = ${sqlValue(now)}, ${STAMP(now)}
      WHERE id = :callId AND providerCallSid IS NULL`,
    { sid: callSid, callId: call.id },
  );
  if (stored)
    keep(call, { providerCallSid: callSid, lastEventAt: now, updatedAt: stampAfter(call.updatedAt, now) });
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
    `UPDATE call_records SET providerCallSid = :sid, lastEventAt = ${sqlValue(now)}, ${STAMP(now)}
      WHERE id = :callId AND providerCallSid IS NULL`,
    { sid: callSid, callId },
  );
  return attached > 0;
}

/** A live call the provider still reports live: heard of now, so it is not fetched again soon. */
export async function markCallHeardOf(callId: number, now = callRecordStamp()): Promise<void> {
  await run(`UPDATE call_records SET lastEventAt = ${sqlValue(now)}, ${STAMP(now)} WHERE id = :callId`, {
    callId,
  });
}

/**
 * Claims a live, unsettled call for one relay session, in one conditional update: answers whether
 * this claim won (relayClaim.ts says who may claim). A call whose transfer did not connect may be
 * claimed once more, by the session that takes the caller's message: its claim is the first made
 * after the transfer was asked for, so no third one passes.
 */
export async function claimRelaySessionRow(
  callId: number,
  callSid: string,
  key: string,
  statuses: readonly string[],
): Promise<boolean> {
  const now = callRecordStamp();
  const claimed = await run(
    `UPDATE call_records SET relaySessionKey = :key, relaySessionClaimedAt = ${sqlValue(now)}, ${STAMP(now)}
      WHERE id = :callId AND settledAt IS NULL
        AND (relaySessionKey IS NULL OR (transferStatus IN ('no_answer', 'busy', 'failed')
          AND relaySessionClaimedAt < transferRequestedAt))
        AND status IN (:statuses) AND (providerCallSid IS NULL OR providerCallSid = :callSid)`,
    { key, callId, callSid, statuses },
  );
  return claimed > 0;
}

/**
 * The agent is on the line: marked once, and only by the session holding the call. The agent is
 * read from its campaign now, so the call takes the campaign's agent version of this moment (it
 * may have been edited since the call was queued).
 */
export async function markRelayStarted(callId: number, sessionKey: string): Promise<void> {
  const now = callRecordStamp();
  await run(
    `UPDATE call_records SET relayStartedAt = ${sqlValue(now)},
        agentVersion = (SELECT agentVersion FROM campaigns WHERE campaigns.id = call_records.campaignId),
        ${STAMP(now)}
      WHERE id = :callId AND relayStartedAt IS NULL AND relaySessionKey = :sessionKey`,
    { callId, sessionKey },
  );
}

/** Who ended a call and why: the first to say so is kept. Answers whether this one was. */
export async function storeCallEnd(callId: number, endedBy: string, endedReason: string): Promise<boolean> {
  const changed = await run(
    `UPDATE call_records SET endedBy = :endedBy, endedReason = :endedReason, ${STAMP(callRecordStamp())}
      WHERE id = :callId AND endedBy IS NULL`,
    { callId, endedBy, endedReason },
  );
  return changed > 0;
}

/** The call's summary, written once. Answers whether this one was. */
export async function storeCallSummary(callId: number, summary: string): Promise<boolean> {
  const written = await run(
    `UPDATE call_records SET summary = :summary, ${STAMP(callRecordStamp())}
      WHERE id = :callId AND summary IS NULL`,
    { summary, callId },
  );
  return written > 0;
}

/** A call the dispatcher queues for a prospect, inside the transaction that claims the prospect. */
export const insertQueuedCall = (fields: CreationAttributes<CallRecord>, transaction: Transaction) =>
  CallRecord.create({ ...fields, status: 'queued' }, { transaction });

/** The owner's test call, `queued`; the unique keys refuse a second live one (to the caller). */
export const insertTestCall = (fields: CreationAttributes<CallRecord>) =>
  retryOnDeadlock(() => CallRecord.create({ ...fields, test: true, status: 'queued' }));

/** A call to one of our numbers, answered; its CallSid is unique (a retry meets the first row). */
export const insertInboundCall = (fields: CreationAttributes<CallRecord>) =>
  retryOnDeadlock(() => CallRecord.create({ ...fields, direction: 'inbound' }));

/** The callee opted out on an unsettled call, inside the caller's transaction (its row first). */
export async function markOptedOut(callId: number, transaction: Transaction): Promise<void> {
  const now = callRecordStamp();
  await execute(
    `UPDATE call_records SET outcome = 'do_not_call', ${STAMP(now)} WHERE id = :callId AND settledAt IS NULL`,
    { replacements: { callId }, transaction },
  );
}

/**
 * Writes what changed on calls whose rows the caller holds locked (step 1 of the lock order),
 * inside its transaction, in one statement however many (each column a CASE on the id): writing
 * each call's current values under the lock is the same as saving them one by one, at one round
 * trip instead of one per call. Each row is stamped by STAMP's rule, and the instances keep it.
 */
export async function saveLockedCalls(calls: CallRecord[], transaction: Transaction): Promise<void> {
  if (!calls.length) return;
  const now = callRecordStamp();
  const columns = [...new Set(calls.flatMap((call) => call.changed() || []))].filter(
    (column) => column !== 'updatedAt',
  ) as (keyof Attributes<CallRecord> & string)[];
  const sets = columns.map((column) => {
    // The stored value (a JSON column's text, not what its getter parses).
    const cases = calls.map((call) => `WHEN ${Number(call.id)} THEN ${sqlValue(call.getDataValue(column))}`);
    return `\`${column}\` = CASE id ${cases.join(' ')} END`;
  });
  const stamps = new Map(calls.map((call) => [call, stampAfter(call.updatedAt, now)]));
  const stampCases = calls.map((call) => `WHEN ${Number(call.id)} THEN ${sqlValue(stamps.get(call))}`);
  const ids = calls.map((call) => Number(call.id)).join(', ');
  // Named through the primary key (forced): on a small table the optimizer may scan instead, asking
  // for every row it passes, those other batches hold too (a deadlock), as addToCampaigns says.
  await sequelize.query(
    `UPDATE call_records FORCE INDEX (PRIMARY)
        SET ${[...sets, `updatedAt = CASE id ${stampCases.join(' ')} END`].join(', ')}
      WHERE id IN (${ids})`,
    { transaction },
  );
  for (const call of calls) {
    keep(call, { updatedAt: stamps.get(call) });
    // Written: a later save of the same instance writes only what changes after this.
    for (const column of columns) call.changed(column, false);
  }
}
