/**
 * Writing promised call backs, inside the transactions that settle calls. Lock order: these come
 * after the calls' rows and the campaigns' (services/calls/shared/callRecords), on
 * `campaign_prospects` rows the settling batch already holds, then the `callbacks` rows; the
 * owner's cancel takes the prospect's row before the callback's too.
 */
import { QueryTypes, UniqueConstraintError, type Transaction } from 'sequelize';
import { callbackDueAt, type CallResult } from '@ringcast/shared-types';
import { execute } from '../../db/execute';
import { sequelize } from '../../db/sequelize';
import { Callback } from '../../db/models';
import { publish } from '../../events/publish';
import { presentCallback, type CallbackFields } from '../../presenters/callback';
import { callingAreasOf, callingRulesOf, prospectCallingArea } from '../calls/dispatch';
import { dialerNow } from '../calls/shared';

/** A settled call of a prospect whose callee asked to be called back at `requestedFor`. */
export interface PromisedCall {
  callId: number;
  userId: number;
  campaignId: number;
  prospectId: number;
  requestedFor: Date;
  result: CallResult | null;
}

interface ProspectPlace {
  prospectId: number;
  phoneNumber: string;
  callingAreaId: number | null;
  name: string | null;
}

/** What the calling rules need of a campaign's prospects: their calling areas and the campaign's hours. */
async function rulesAndPlaces(campaignId: number, prospectIds: number[], transaction: Transaction) {
  const [campaign] = await sequelize.query<{
    callingHoursStart: string | null;
    callingHoursEnd: string | null;
    callingDays: string | null;
    maxAttempts: number;
    retryDelayMinutes: number;
  }>(
    `SELECT callingHoursStart, callingHoursEnd, callingDays, maxAttempts, retryDelayMinutes
       FROM campaigns WHERE id = :campaignId`,
    { replacements: { campaignId }, type: QueryTypes.SELECT, transaction },
  );
  const places = await sequelize.query<ProspectPlace>(
    `SELECT cp.prospectId, cp.phoneNumber, cp.callingAreaId, p.name
       FROM campaign_prospects cp JOIN prospects p ON p.id = cp.prospectId
      WHERE cp.campaignId = :campaignId AND cp.prospectId IN (:prospectIds)`,
    { replacements: { campaignId, prospectIds }, type: QueryTypes.SELECT, transaction },
  );
  const areas = await callingAreasOf(places.map((p) => p.callingAreaId));
  const areaOf = new Map(
    places.map((p) => [Number(p.prospectId), prospectCallingArea(p.phoneNumber, p.callingAreaId, areas)]),
  );
  return {
    rules: campaign ? callingRulesOf(campaign) : null,
    retryDelayMinutes: Number(campaign?.retryDelayMinutes ?? 0),
    places: new Map(places.map((p) => [Number(p.prospectId), p])),
    areaOf,
  };
}

/** Announces a callback once the transaction that wrote it commits. */
export function announceCallback(
  callback: CallbackFields & { userId: number },
  prospect: { name: string | null; phoneNumber: string },
  transaction?: Transaction,
) {
  publish('callback:updated', presentCallback(callback, prospect), { userId: callback.userId, transaction });
}

/**
 * The promised call backs of settled calls: each prospect, still in its call, becomes `scheduled`
 * with reason `callback` at the due time (callbackDueAt, by the dialer's clock), and a `callbacks`
 * row is written. The settling batch holds the prospects' rows. A prospect that already holds a
 * scheduled callback (a settlement run again) keeps it: the unique held key refuses a second.
 * `from`: the prospects' state now (`done` when the promise lands after its call settled).
 * Answers the prospects moved, per campaign.
 */
export async function scheduleCallbacks(
  promised: PromisedCall[],
  transaction: Transaction,
  from: 'in_call' | 'done' = 'in_call',
): Promise<Map<number, number[]>> {
  const moved = new Map<number, number[]>();
  const now = dialerNow();
  for (const campaignId of [...new Set(promised.map((p) => p.campaignId))].sort((a, b) => a - b)) {
    const calls = promised
      .filter((p) => p.campaignId === campaignId)
      .sort((a, b) => a.prospectId - b.prospectId);
    const { rules, places, areaOf } = await rulesAndPlaces(
      campaignId,
      calls.map((c) => c.prospectId),
      transaction,
    );
    for (const call of calls) {
      const place = places.get(call.prospectId);
      const area = areaOf.get(call.prospectId);
      if (!rules || !place || !area) continue;
      const dueAt = callbackDueAt(call.requestedFor, area, rules, now);
      const affected = await execute(
        `UPDATE campaign_prospects
            SET state = 'scheduled', reason = 'callback', nextAttemptAt = :dueAt, lastResult = :result,
                updatedAt = NOW(3)
          WHERE campaignId = :campaignId AND prospectId = :prospectId AND state = :from`,
        {
          replacements: { dueAt, result: call.result, campaignId, prospectId: call.prospectId, from },
          transaction,
        },
      );
      if (!affected) continue;
      const callback = await insertCallback(call, dueAt, area.timeZones[0] ?? null, transaction);
      if (callback) announceCallback(callback, place, transaction);
      moved.set(campaignId, [...(moved.get(campaignId) ?? []), call.prospectId]);
    }
  }
  return moved;
}

async function insertCallback(
  call: PromisedCall,
  dueAt: Date,
  timeZone: string | null,
  transaction: Transaction,
): Promise<Callback | null> {
  try {
    return await Callback.create(
      {
        userId: call.userId,
        campaignId: call.campaignId,
        prospectId: call.prospectId,
        heldProspectId: call.prospectId,
        requestedOnCallId: call.callId,
        requestedFor: call.requestedFor,
        dueAt,
        timeZone,
      },
      { transaction },
    );
  } catch (err) {
    // The prospect holds a scheduled callback already: it stands, and its time with it.
    if (err instanceof UniqueConstraintError) return null;
    throw err;
  }
}

/** A call placed to keep a promise that nobody answered (busy, no answer). */
export interface UnansweredCallback {
  callbackId: number;
  campaignId: number;
  prospectId: number;
  calledAt: Date;
  result: CallResult | null;
}

/**
 * A promised call back nobody answered is tried once more, the campaign's retry delay later (moved
 * inside the calling rules, as any callback), still outside the prospect's attempts; after a second
 * unanswered call the prospect is done with, as any prospect whose attempts are used. The prospect
 * is still in its call (the settling batch holds its row). Answers the prospects moved, per campaign.
 */
export async function retryUnansweredCallbacks(
  unanswered: UnansweredCallback[],
  transaction: Transaction,
): Promise<Map<number, number[]>> {
  const moved = new Map<number, number[]>();
  if (!unanswered.length) return moved;
  const tries = await sequelize.query<{ callbackId: number; n: number }>(
    `SELECT callbackId, COUNT(*) AS n FROM call_records
      WHERE callbackId IN (:ids) AND dialedAt IS NOT NULL GROUP BY callbackId`,
    { replacements: { ids: unanswered.map((u) => u.callbackId) }, type: QueryTypes.SELECT, transaction },
  );
  const triesOf = new Map(tries.map((t) => [Number(t.callbackId), Number(t.n)]));
  const again = unanswered.filter((u) => (triesOf.get(u.callbackId) ?? 0) < 2);
  const now = dialerNow();
  for (const campaignId of [...new Set(again.map((u) => u.campaignId))].sort((a, b) => a - b)) {
    const calls = again
      .filter((u) => u.campaignId === campaignId)
      .sort((a, b) => a.prospectId - b.prospectId);
    const { rules, retryDelayMinutes, places, areaOf } = await rulesAndPlaces(
      campaignId,
      calls.map((c) => c.prospectId),
      transaction,
    );
    for (const call of calls) {
      const place = places.get(call.prospectId);
      const area = areaOf.get(call.prospectId);
      if (!rules || !place || !area) continue;
      const dueAt = callbackDueAt(
        new Date(call.calledAt.getTime() + retryDelayMinutes * 60_000),
        area,
        rules,
        now,
      );
      const prospectMoved = await execute(
        `UPDATE campaign_prospects
            SET state = 'scheduled', reason = 'callback', nextAttemptAt = :dueAt, lastResult = :result,
                updatedAt = NOW(3)
          WHERE campaignId = :campaignId AND prospectId = :prospectId AND state = 'in_call'`,
        {
          replacements: { dueAt, result: call.result, campaignId, prospectId: call.prospectId },
          transaction,
        },
      );
      if (!prospectMoved) continue;
      await execute(
        `UPDATE callbacks SET status = 'scheduled', heldProspectId = prospectId, dueAt = :dueAt, updatedAt = NOW(3)
          WHERE id = :id AND status = 'called'`,
        { replacements: { dueAt, id: call.callbackId }, transaction },
      );
      const callback = await Callback.findByPk(call.callbackId, { transaction });
      if (callback) announceCallback(callback, place, transaction);
      moved.set(campaignId, [...(moved.get(campaignId) ?? []), call.prospectId]);
    }
  }
  return moved;
}
