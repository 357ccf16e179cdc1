/**
 * The picks of a dispatcher run: a campaign's due prospects, read by the indexed next attempt, and
 * what becomes of each (a queued call, a move to when the rules next allow it, or its end).
 */

import { QueryTypes, UniqueConstraintError } from 'sequelize';
import type { NoCallReason } from '@ringcast/shared-types';
import { execute } from '../../../db/execute';
import { sequelize } from '../../../db/sequelize';
import { retriedTransaction } from '../../../db/deadlockRetry';
import type { Campaign } from '../../../db/models';
import { enqueue } from '../../../queues';
import { type CallLine, insertQueuedCall } from '../shared';
import { stopCallingNumbers } from '../doNotCall';
import { cancelHeldCallbacks, markCallbackCalled } from '../../callbacks';
import { type Candidate, decideProspects } from './decideProspects';
import { ProspectWaits } from './prospectWaits';

/** A number already in a call of the same customer is tried again this much later. */
const NUMBER_BUSY_RETRY_MS = 60_000;
/** Due prospects decided per read. */
export const DECIDE_BATCH = 200;

export function dueProspects(campaignId: number, now: Date): Promise<Candidate[]> {
  return sequelize.query<Candidate>(
    `SELECT cp.prospectId, cp.phoneNumber, cp.attempts, cp.lastAttemptAt, cp.callingAreaId, cb.id AS callbackId
       FROM campaign_prospects cp
       LEFT JOIN callbacks cb ON cb.campaignId = cp.campaignId AND cb.heldProspectId = cp.prospectId
      WHERE cp.campaignId = :campaignId AND cp.nextAttemptAt <= :now
      ORDER BY cp.nextAttemptAt, cp.prospectId LIMIT :limit`,
    { replacements: { campaignId, now, limit: DECIDE_BATCH }, type: QueryTypes.SELECT },
  );
}

/** Decides each due prospect of a batch: queue up to `room` calls, move or finish the others. */
export async function decideBatch(
  campaign: Campaign,
  candidates: Candidate[],
  line: CallLine,
  now: Date,
  room: number,
): Promise<{ queued: number; changed: boolean }> {
  const decisions = await decideProspects(campaign, candidates, now);
  const waits = new ProspectWaits();
  let queued = 0;
  let changed = false;
  for (const [i, candidate] of candidates.entries()) {
    const decision = decisions[i]!;
    if (decision.call) {
      if (queued >= room) continue;
      const callId = await queueCall(campaign, candidate, line, now);
      if (callId) {
        await enqueue('placeCall', { callId });
        queued++;
      }
      changed = true;
    } else if (decision.reason === 'do_not_call') {
      await sequelize.transaction((transaction) =>
        stopCallingNumbers(campaign.userId, [candidate.phoneNumber], 'skipped', 'do_not_call', transaction),
      );
      changed = true;
    } else if (decision.notBefore) {
      waits.add(candidate.prospectId, decision.reason, decision.notBefore);
      changed = true;
    } else {
      await finishProspect(campaign.id, candidate.prospectId, decision.reason, now);
      changed = true;
    }
  }
  await waits.write(campaign.id, now);
  return { queued, changed };
}

/**
 * A prospect the rules will never let through: finished with the reason, `done` once it was
 * called, `skipped` if it never was. Conditional on still being due, so a concurrent change wins.
 */
async function finishProspect(
  campaignId: number,
  prospectId: number,
  reason: NoCallReason,
  now: Date,
): Promise<void> {
  const replacements = { campaignId, prospectId, reason, now };
  await sequelize.transaction(async (transaction) => {
    const finished = await execute(
      `UPDATE campaign_prospects
          SET state = IF(attempts > 0, 'done', 'skipped'), nextAttemptAt = NULL, reason = :reason, updatedAt = NOW(3)
        WHERE campaignId = :campaignId AND prospectId = :prospectId AND nextAttemptAt <= :now`,
      { replacements, transaction },
    );
    if (finished > 0) {
      await cancelHeldCallbacks({ campaignId, prospectId }, transaction);
      await sequelize.query(
        `UPDATE campaigns SET prospectsRemaining = GREATEST(CAST(prospectsRemaining AS SIGNED) - 1, 0)
          WHERE id = :campaignId`,
        { replacements, transaction },
      );
    }
  });
}

/**
 * Takes the prospect out of line and writes its call `queued`, in one transaction. The prospect's
 * row is claimed conditionally (still due), the attempt number is unique per prospect, and the
 * number's live-call key is unique per customer: a second dispatcher, a retry or another campaign
 * calling the same number changes nothing. Answers the call's id, or null when it was not queued.
 */
async function queueCall(
  campaign: Campaign,
  candidate: Candidate,
  line: CallLine,
  now: Date,
): Promise<number | null> {
  try {
    // The dispatcher's insert and a batch settling calls of the campaign can pick each other as a
    // deadlock's victim; the whole claim is rolled back, so it is made again.
    return await retriedTransaction(async (transaction) => {
      const claimed = await execute(
        `UPDATE campaign_prospects
            SET state = 'in_call', nextAttemptAt = NULL, attempts = attempts + 1, lastAttemptAt = :now,
                reason = NULL, updatedAt = NOW(3)
          WHERE campaignId = :campaignId AND prospectId = :prospectId AND nextAttemptAt <= :now`,
        { replacements: { campaignId: campaign.id, prospectId: candidate.prospectId, now }, transaction },
      );
      if (!claimed) return null;
      const call = await insertQueuedCall(
        {
          campaignId: campaign.id,
          userId: campaign.userId,
          prospectId: candidate.prospectId,
          attempt: candidate.attempts + 1,
          toNumber: candidate.phoneNumber,
          fromNumber: line.fromNumber,
          accountSid: line.account.accountSid,
          agentVersion: campaign.agentVersion,
          queuedAt: now,
          // A promised call back: it spends none of the prospect's attempts (COUNTED_ATTEMPT).
          callbackId: candidate.callbackId ?? null,
        },
        transaction,
      );
      if (candidate.callbackId) await markCallbackCalled(candidate.callbackId, call.id, transaction);
      return call.id;
    });
  } catch (err) {
    if (!(err instanceof UniqueConstraintError)) throw err;
    await sequelize.query(
      `UPDATE campaign_prospects SET nextAttemptAt = :later, updatedAt = NOW(3)
        WHERE campaignId = :campaignId AND prospectId = :prospectId AND nextAttemptAt IS NOT NULL`,
      {
        replacements: {
          later: new Date(now.getTime() + NUMBER_BUSY_RETRY_MS),
          campaignId: campaign.id,
          prospectId: candidate.prospectId,
        },
      },
    );
    return null;
  }
}
