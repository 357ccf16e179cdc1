import { randomUUID } from 'node:crypto';
import { QueryTypes, UniqueConstraintError } from 'sequelize';
import { callDecider, type NoCallReason } from '@ringcast/shared-types';
import { execute } from '../../../db/execute';
import { sequelize } from '../../../db/sequelize';
import { retriedTransaction } from '../../../db/deadlockRetry';
import { CallRecord, Campaign, ProspectList } from '../../../db/models';
import { logger } from '../../../logger';
import { enqueue } from '../../../queues';
import { redisKey, sharedRedis } from '../../../redis';
import { publishCampaign } from '../../campaigns';
import { callLineFor, type CallLine, consentMissingFor, dialerNow } from '../shared';
import { liveCallCount, prospectsReady, volumeInUse, whyNotDialing, markCampaignChanged } from '../read';
import { numbersNotToCall, stopCallingNumbers } from '../doNotCall';
import { callingAreaOf } from './numberCallingArea';
import { callingAreasOf } from './callingAreas';
import { sweepClosedCallingAreas } from './closedCallingAreas';
import { callingRulesOf, placedAttempts, recentCallTimes } from './prospectSchedule';
import { ProspectWaits } from './prospectWaits';

/** One dispatcher at a time across every worker: the lock outlives a slow tick but not a dead one. */
const LOCK_MS = 15_000;
/** A number already in a call of the same customer is tried again this much later. */
const NUMBER_BUSY_RETRY_MS = 60_000;
/** Due prospects decided per read, and reads per campaign per run. */
const DECIDE_BATCH = 200;
const MAX_BATCHES = 5;

interface Candidate {
  prospectId: number;
  phoneNumber: string;
  attempts: number;
  lastAttemptAt: Date | null;
  callingAreaId: number | null;
}

export interface DispatchSummary {
  campaigns: number;
  queued: number;
}

async function withDispatchLock<T>(work: () => Promise<T>): Promise<T | null> {
  const key = redisKey('dialer', 'dispatch-lock');
  const token = randomUUID();
  if (!(await sharedRedis().set(key, token, 'PX', LOCK_MS, 'NX'))) return null;
  try {
    return await work();
  } finally {
    await sharedRedis().eval(
      `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`,
      1,
      key,
      token,
    );
  }
}

/**
 * Every second: for each active campaign, queue as many calls as its limits allow (calls at once,
 * the month's volume counting calls in flight as if they will be billable), from its prospects
 * that are due, read by the indexed next attempt once the areas whose window closed have had
 * their due prospects moved to its next opening (closedCallingAreas.ts). Each is decided by the calling
 * rules at `now` (the dialer's clock): called, moved to when the rules next allow it, or finished
 * with its reason. A number already in another call of the same customer waits. Each queued call
 * gets its placeCall job.
 */
export async function dispatchCalls(now = dialerNow()): Promise<DispatchSummary | null> {
  return withDispatchLock(async () => {
    const campaigns = await Campaign.findAll({ where: { status: 'active' } });
    let queued = 0;
    for (const campaign of campaigns) {
      try {
        queued += await dispatchCampaign(campaign, now);
      } catch (err) {
        logger.error({ err, campaignId: campaign.id }, 'dispatch failed for a campaign');
      }
    }
    return { campaigns: campaigns.length, queued };
  });
}

/** A job is asked for again at most this often while what it waits for is missing (a number, an answer). */
const ASK_AGAIN_AFTER_SECONDS = 5 * 60;

/** True at most once per period for a key, across every dispatcher process. */
async function firstAskIn(key: string, seconds: number): Promise<boolean> {
  return (await sharedRedis().set(redisKey('dialer', 'asked', key), '1', 'EX', seconds, 'NX')) === 'OK';
}

/**
 * Work a campaign waits on that the dispatcher can start: copying its list in once ready, buying
 * its number, checking its Twilio account and number. The jobs' ids fold repeats into one run;
 * checks that found nothing are asked for again every few minutes.
 */
async function prepare(campaign: Campaign): Promise<void> {
  const campaignId = campaign.id;
  const listId = campaign.prospectListId;
  if (listId && !prospectsReady(campaign)) {
    const list = await ProspectList.findByPk(listId, { attributes: ['status'] });
    if (list?.status === 'ready')
      await enqueue('seedCampaignProspects', { campaignId, prospectListId: listId });
  }
  if (campaign.useProvidedNumber && !campaign.providedPhoneNumber) {
    if (await firstAskIn(`number-${campaignId}`, ASK_AGAIN_AFTER_SECONDS)) {
      await enqueue('provisionPhoneNumber', { campaignId });
    }
  } else if (
    !campaign.setupTwilioConfigured ||
    (!campaign.useProvidedNumber && !campaign.setupPhoneNumberConfigured)
  ) {
    if (await firstAskIn(`verify-${campaignId}`, ASK_AGAIN_AFTER_SECONDS)) {
      await enqueue('verifyTwilioSetup', { campaignId });
    }
  }
}

async function completeIfDone(campaign: Campaign): Promise<void> {
  if ((await liveCallCount(campaign.id)) > 0) return;
  await sequelize.transaction(async (transaction) => {
    const locked = await Campaign.findByPk(campaign.id, { transaction, lock: true });
    if (!locked || locked.status !== 'active' || locked.prospectsRemaining > 0) return;
    await locked.update({ status: 'completed' }, { transaction });
    publishCampaign(locked, transaction);
  });
}

async function dispatchCampaign(campaign: Campaign, now: Date): Promise<number> {
  await prepare(campaign);
  // Billing follows the real calendar, whatever clock the rules are judged by.
  const { billable, live } = await volumeInUse(campaign.id, new Date());
  const consentMissing = (await consentMissingFor(campaign)).length > 0;
  const reason = whyNotDialing(campaign, { monthBillableCalls: billable, consentMissing });
  if (reason === 'nothing_left') await completeIfDone(campaign);
  if (reason) return 0;
  const line = await callLineFor(campaign);
  if (!line?.fromNumber) return 0;

  const capacity = Math.min(
    campaign.maxConcurrentCalls - live,
    (campaign.monthlyCallVolume ?? 0) - billable - live,
  );
  if (capacity <= 0) return 0;
  const sweep = await sweepClosedCallingAreas(campaign.id, callingRulesOf(campaign), now);
  let queued = 0;
  let changed = sweep.moved > 0;
  for (let batch = 0; batch < MAX_BATCHES && queued < capacity; batch++) {
    const candidates = await dueProspects(campaign.id, now);
    const outcome = await decideBatch(campaign, candidates, line, now, capacity - queued);
    queued += outcome.queued;
    changed ||= outcome.changed;
    // Nothing moved out of line: the rest are callable but wait for capacity.
    if (candidates.length < DECIDE_BATCH || !outcome.changed) break;
  }
  if (queued || changed) markCampaignChanged(campaign.id);
  return queued;
}

function dueProspects(campaignId: number, now: Date): Promise<Candidate[]> {
  return sequelize.query<Candidate>(
    `SELECT prospectId, phoneNumber, attempts, lastAttemptAt, callingAreaId
       FROM campaign_prospects
      WHERE campaignId = :campaignId AND nextAttemptAt <= :now
      ORDER BY nextAttemptAt, prospectId LIMIT :limit`,
    { replacements: { campaignId, now, limit: DECIDE_BATCH }, type: QueryTypes.SELECT },
  );
}

/** Decides each due prospect of a batch: queue up to `room` calls, move or finish the others. */
async function decideBatch(
  campaign: Campaign,
  candidates: Candidate[],
  line: CallLine,
  now: Date,
  room: number,
): Promise<{ queued: number; changed: boolean }> {
  const numbers = candidates.map((c) => c.phoneNumber);
  const tried = candidates.filter((c) => c.attempts > 0).map((c) => c.prospectId);
  const [blocked, recent, placed, areas] = await Promise.all([
    numbersNotToCall(campaign.userId, numbers),
    recentCallTimes(campaign.userId, numbers, now),
    placedAttempts(campaign.id, tried),
    callingAreasOf(candidates.map((c) => c.callingAreaId)),
  ]);
  const decide = callDecider(callingRulesOf(campaign), now);
  const waits = new ProspectWaits();
  let queued = 0;
  let changed = false;
  for (const candidate of candidates) {
    // Rows parsed before the rules existed have no zone stored: work it out from the number.
    const stored = candidate.callingAreaId === null ? undefined : areas.get(Number(candidate.callingAreaId));
    const area = stored?.timeZones.length
      ? stored
      : callingAreaOf(candidate.phoneNumber, { state: stored?.states.join(',') || null });
    const decision = decide(
      { phoneNumber: candidate.phoneNumber, timeZones: area.timeZones, states: area.states },
      {
        attempts: placed.get(Number(candidate.prospectId)) ?? 0,
        lastAttemptAt: candidate.lastAttemptAt ? new Date(candidate.lastAttemptAt) : null,
        recentCalls: recent.get(candidate.phoneNumber) ?? [],
        onDoNotCallList: blocked.has(candidate.phoneNumber),
        monthlyVolumeUsed: false,
      },
    );
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
      const call = await CallRecord.create(
        {
          campaignId: campaign.id,
          userId: campaign.userId,
          prospectId: candidate.prospectId,
          attempt: candidate.attempts + 1,
          toNumber: candidate.phoneNumber,
          fromNumber: line.fromNumber,
          accountSid: line.account.accountSid,
          status: 'queued',
          queuedAt: now,
        },
        { transaction },
      );
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
