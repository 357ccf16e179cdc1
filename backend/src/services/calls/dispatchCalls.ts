import { randomUUID } from 'node:crypto';
import { QueryTypes, UniqueConstraintError } from 'sequelize';
import { notDialingReason } from '@ringcast/shared-types';
import { execute } from '../../db/execute';
import { sequelize } from '../../db/sequelize';
import { CallRecord, Campaign, ProspectList } from '../../db/models';
import { logger } from '../../logger';
import { enqueue } from '../../queues';
import { redisKey, sharedRedis } from '../../redis';
import { publishCampaign } from '../campaigns';
import { callLineFor, type CallLine } from './callLine';
import { liveCallCount, monthBillableCalls, prospectsReady } from './dialingState';
import { numbersNotToCall, stopCallingNumber } from './doNotCall';
import { markCampaignChanged } from './announce';

/** One dispatcher at a time across every worker: the lock outlives a slow tick but not a dead one. */
const LOCK_MS = 15_000;
/** A number already in a call of the same customer is tried again this much later. */
const NUMBER_BUSY_RETRY_MS = 60_000;

interface Candidate {
  prospectId: number;
  phoneNumber: string;
  attempts: number;
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
 * that are due, by one indexed query. A number on a do-not-call list is skipped; a number already
 * in another call of the same customer waits. Each queued call gets its placeCall job.
 */
export async function dispatchCalls(now = new Date()): Promise<DispatchSummary | null> {
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
  const billable = await monthBillableCalls(campaign.id, now);
  const reason = notDialingReason(
    {
      ...campaign.get({ plain: true }),
      providedPhoneNumber: campaign.providedPhoneNumber ?? null,
      monthlyCallVolume: campaign.monthlyCallVolume ?? null,
    },
    {
      prospectsReady: prospectsReady(campaign),
      prospectsRemaining: campaign.prospectsRemaining,
      monthBillableCalls: billable,
    },
  );
  if (reason === 'nothing_left') await completeIfDone(campaign);
  if (reason) return 0;
  const line = await callLineFor(campaign);
  if (!line?.fromNumber) return 0;

  const live = await liveCallCount(campaign.id);
  const capacity = Math.min(
    campaign.maxConcurrentCalls - live,
    (campaign.monthlyCallVolume ?? 0) - billable - live,
  );
  if (capacity <= 0) return 0;
  const candidates = await sequelize.query<Candidate>(
    `SELECT prospectId, phoneNumber, attempts FROM campaign_prospects
      WHERE campaignId = :campaignId AND dueAt <= :now
      ORDER BY dueAt, prospectId LIMIT :limit`,
    {
      replacements: { campaignId: campaign.id, now, limit: capacity + 10 },
      type: QueryTypes.SELECT,
    },
  );
  const blocked = await numbersNotToCall(
    campaign.userId,
    candidates.map((c) => c.phoneNumber),
  );
  let queued = 0;
  for (const candidate of candidates) {
    if (queued >= capacity) break;
    if (blocked.has(candidate.phoneNumber)) {
      await sequelize.transaction((transaction) =>
        stopCallingNumber(campaign.userId, candidate.phoneNumber, 'skipped', 'do_not_call', transaction),
      );
      markCampaignChanged(campaign.id);
      continue;
    }
    const callId = await queueCall(campaign, candidate, line, now);
    if (callId) {
      await enqueue('placeCall', { callId });
      queued++;
    }
  }
  if (queued) markCampaignChanged(campaign.id);
  return queued;
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
    return await sequelize.transaction(async (transaction) => {
      const claimed = await execute(
        `UPDATE campaign_prospects
            SET state = 'in_call', dueAt = NULL, attempts = attempts + 1, updatedAt = NOW(3)
          WHERE campaignId = :campaignId AND prospectId = :prospectId AND dueAt <= :now`,
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
        },
        { transaction },
      );
      return call.id;
    });
  } catch (err) {
    if (!(err instanceof UniqueConstraintError)) throw err;
    await sequelize.query(
      `UPDATE campaign_prospects SET dueAt = :later, updatedAt = NOW(3)
        WHERE campaignId = :campaignId AND prospectId = :prospectId AND dueAt IS NOT NULL`,
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
