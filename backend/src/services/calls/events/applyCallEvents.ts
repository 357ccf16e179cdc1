import { QueryTypes, type Transaction } from 'sequelize';
import { isFinalCallStatus, type CallEventPayload } from '@ringcast/shared-types';
import { execute, sqlValue } from '../../../db/execute';
import { sequelize } from '../../../db/sequelize';
import { CallRecord } from '../../../db/models';
import { logger } from '../../../logger';
import { retryOnDeadlock } from '../../../db/deadlockRetry';
import { announceCalls, markCampaignChanged } from '../read';
import { applyEventToCall, isForeignEvent } from './callEventRule';

import { lockCalls, saveLockedCalls } from '../shared';
import { settleCalls } from '../settle';

export type ApplyOutcome = 'applied' | 'duplicate' | 'unchanged' | 'foreign' | 'missing';

/** What a batch did: how many events had each outcome, and the work its calls need next. */
export interface BatchResult {
  outcomes: Record<ApplyOutcome, number>;
  /** Answered calls this batch ended, each in exactly one batch (their prices are swept later). */
  endedAnswered: number[];
  /** Live calls a machine answered: the message is left or the call hung up. */
  machineAnswered: number[];
  /**
   * Positions (in the events given) of events left alone because another batch holds their call
   * (only when asked to pass such calls by): they are to be applied again later.
   */
  deferred: number[];
}

export interface BatchOptions {
  /**
   * Pass by calls another transaction holds rather than wait for them: consumers sharing the
   * stream each take the calls nobody else is applying, and come back for the rest.
   */
  passLockedCalls?: boolean;
}

/** The event's row in call_events, whose unique CallSid + kind + sequence number keeps it once. */
const eventRowOf = (event: CallEventPayload) => ({
  callId: event.callId,
  callSid: event.callSid,
  kind: event.kind,
  sequenceNumber: event.sequenceNumber,
  providerStatus: event.callStatus ?? event.answeredBy ?? null,
});

function warnForeign(event: CallEventPayload): void {
  logger.warn(
    { callId: event.callId, callSid: event.callSid },
    'call event for another account or call ignored',
  );
}

const eventKey = (e: { callSid: string; kind: string; sequenceNumber: number }) =>
  `${e.callSid}|${e.kind}|${e.sequenceNumber}`;

const emptyResult = (): BatchResult => ({
  outcomes: { applied: 0, duplicate: 0, unchanged: 0, foreign: 0, missing: 0 },
  endedAnswered: [],
  machineAnswered: [],
  deferred: [],
});

/** The delivered events the database has never seen, in the order they came. */
async function firstDeliveries(events: CallEventPayload[], transaction: Transaction) {
  const seen = new Set<string>();
  const sids = [...new Set(events.map((e) => e.callSid))];
  const recorded = await sequelize.query<{ callSid: string; kind: string; sequenceNumber: number }>(
    'SELECT callSid, kind, sequenceNumber FROM call_events WHERE callSid IN (:sids)',
    { replacements: { sids }, type: QueryTypes.SELECT, transaction },
  );
  for (const row of recorded) seen.add(eventKey(row));
  const fresh: CallEventPayload[] = [];
  for (const event of events) {
    const key = eventKey(event);
    if (seen.has(key)) continue;
    seen.add(key);
    fresh.push(event);
  }
  return fresh;
}

/** Thrown when the multi-row insert met a row the read before it did not: the batch is redone event by event. */
class RaceLost extends Error {}

async function recordEvents(events: CallEventPayload[], transaction: Transaction) {
  if (!events.length) return;
  const values = events.map((event) => {
    const row = eventRowOf(event);
    const cells = [row.callId, row.callSid, row.kind, row.sequenceNumber, row.providerStatus];
    return `(${cells.map(sqlValue).join(', ')}, NOW(3))`;
  });
  const inserted = await execute(
    `INSERT IGNORE INTO call_events (callRecordId, callSid, kind, sequenceNumber, providerStatus, receivedAt)
     VALUES ${values.join(', ')}`,
    { transaction },
  );
  if (inserted !== events.length) throw new RaceLost(`${events.length - inserted} events recorded meanwhile`);
}

/**
 * Applies provider events in one transaction: each recorded once (the events' unique key), each
 * call's status only moving forward (callEventRule.ts), and a call that ends settled once. The calls are locked in id order, then the campaigns of the calls that end,
 * in id order, so two batches never wait on each other in a circle. Each call that moved is
 * announced once, with its latest state, after the commit.
 */
async function applyInOneTransaction(
  events: CallEventPayload[],
  { passLockedCalls = false }: BatchOptions,
): Promise<BatchResult> {
  const result = emptyResult();
  const foreign: CallEventPayload[] = [];
  await sequelize.transaction(async (transaction) => {
    const ids = [...new Set(events.map((e) => e.callId))].sort((a, b) => a - b);
    const { calls, held: busy } = await lockCalls(ids, transaction, { passHeld: passLockedCalls });
    const byId = new Map(calls.map((call) => [call.id, call]));

    const known: CallEventPayload[] = [];
    // A call without a CallSid takes its first event's, as applyEventToCall will: later events of
    // another CallSid are foreign to it.
    const attaching = new Map<number, string>();
    for (const [position, event] of events.entries()) {
      if (busy.has(event.callId)) {
        result.deferred.push(position);
        continue;
      }
      const call = byId.get(event.callId);
      if (!call) {
        result.outcomes.missing++;
        continue;
      }
      if (!call.providerCallSid && !attaching.has(call.id)) attaching.set(call.id, event.callSid);
      const sid = call.providerCallSid ?? attaching.get(call.id);
      if (isForeignEvent(call, event) || sid !== event.callSid) foreign.push(event);
      else known.push(event);
    }
    const fresh = known.length ? await firstDeliveries(known, transaction) : [];
    result.outcomes.duplicate += known.length - fresh.length;
    await recordEvents(fresh, transaction);

    const moved = new Map<number, { ended: boolean; changed: boolean; machine: boolean }>();
    for (const event of fresh) {
      const call = byId.get(event.callId)!;
      const effect = applyEventToCall(call, event);
      result.outcomes[effect.changed ? 'applied' : 'unchanged']++;
      const so = moved.get(call.id) ?? { ended: false, changed: false, machine: false };
      moved.set(call.id, {
        ended: so.ended || effect.ended,
        changed: so.changed || effect.changed,
        machine: so.machine || effect.machineAnswered,
      });
    }

    await saveLockedCalls(
      [...moved].filter(([, m]) => !m.ended).map(([id]) => byId.get(id)!),
      transaction,
    );
    // Every batch settles calls of the same busy campaigns: their rows are taken last (by the
    // settlement), so they are held only while the calls that ended are counted, in a few statements.
    await settleCalls(
      [...moved].filter(([, m]) => m.ended).map(([id]) => byId.get(id)!),
      transaction,
    );
    const announced: CallRecord[] = [];
    for (const [id, { ended, changed, machine }] of moved) {
      const call = byId.get(id)!;
      if (changed) announced.push(call);
      if (ended) markCampaignChanged(call.campaignId, transaction);
      if (ended && call.status === 'completed' && call.providerCallSid) result.endedAnswered.push(id);
      if (machine && !isFinalCallStatus(call.status)) result.machineAnswered.push(id);
    }
    await announceCalls(announced, transaction);
  });
  if (foreign.length) {
    result.outcomes.foreign += foreign.length;
    foreign.forEach(warnForeign);
  }
  return result;
}

/**
 * One event at a time, each a batch of one in its own transaction, run again whole if the database
 * picks it as a deadlock's victim: a lone event, or the way out of a batch that could not commit.
 */
async function applyOneByOne(events: CallEventPayload[], options: BatchOptions = {}): Promise<BatchResult> {
  const result = emptyResult();
  for (const [position, event] of events.entries()) {
    const one = await retryOnDeadlock(() => applyInOneTransaction([event], options));
    for (const [outcome, count] of Object.entries(one.outcomes))
      result.outcomes[outcome as ApplyOutcome] += count;
    result.endedAnswered.push(...one.endedAnswered);
    result.machineAnswered.push(...one.machineAnswered);
    if (one.deferred.length) result.deferred.push(position);
  }
  return result;
}

/**
 * The one way provider events are applied (the stream's consumers, reconciliation's fetched
 * states, a single event as a batch of one): delivered events, in any order and with repeats, in
 * one transaction; should that fail (a deadlock, a duplicate recorded meanwhile), one by one.
 * Either way each event counts once, and a batch applied again changes nothing.
 */
export async function applyCallEvents(
  events: CallEventPayload[],
  options: BatchOptions = {},
): Promise<BatchResult> {
  if (events.length <= 1) return applyOneByOne(events, options);
  try {
    return await applyInOneTransaction(events, options);
  } catch (err) {
    logger.warn(
      { err: err instanceof Error ? err.message : err, events: events.length },
      'call event batch rolled back; applying its events one by one',
    );
    return applyOneByOne(events);
  }
}
