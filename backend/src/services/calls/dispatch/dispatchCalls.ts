import { randomUUID } from 'node:crypto';
import { sequelize } from '../../../db/sequelize';
import { Campaign, ProspectList } from '../../../db/models';
import { logger } from '../../../logger';
import { timeDispatchPick } from '../../../metrics';
import { enqueue } from '../../../queues';
import { redisKey, sharedRedis } from '../../../redis';
import { publishCampaign } from '../../campaigns';
import { notifyCampaignEvent } from '../../notifications';
import { callLineFor, consentMissingFor, dialerNow } from '../shared';
import { liveCallCount, prospectsReady, volumeInUse, whyNotDialing, markCampaignChanged } from '../read';
import { sweepClosedCallingAreas } from './closedCallingAreas';
import { decideBatch, DECIDE_BATCH, dueProspects } from './pickProspects';
import { callingRulesOf } from './prospectSchedule';

/** One dispatcher at a time across every worker: the lock outlives a slow tick but not a dead one. */
const LOCK_MS = 15_000;
/** Reads of due prospects (DECIDE_BATCH each) per campaign per run. */
const MAX_BATCHES = 5;

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
 * the billing period's volume counting calls in flight as if they will be billable), from its prospects
 * that are due, read by the indexed next attempt once the areas whose window closed have had
 * their due prospects moved to its next opening (closedCallingAreas.ts). Each is decided by the calling
 * rules at `now` (the dialer's clock): called, moved to when the rules next allow it, or finished
 * with its reason. A number already in another call of the same customer waits. Each queued call
 * gets its placeCall job.
 */
export async function dispatchCalls(now = dialerNow()): Promise<DispatchSummary | null> {
  return withDispatchLock(async () => {
    const picked = timeDispatchPick();
    const campaigns = await Campaign.findAll({ where: { status: 'active' } });
    let queued = 0;
    for (const campaign of campaigns) {
      try {
        queued += await dispatchCampaign(campaign, now);
      } catch (err) {
        logger.error({ err, campaignId: campaign.id }, 'dispatch failed for a campaign');
      }
    }
    picked();
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
    await notifyCampaignEvent(locked, 'completed', String(locked.updatedAt.getTime()), { transaction });
  });
}

async function dispatchCampaign(campaign: Campaign, now: Date): Promise<number> {
  await prepare(campaign);
  // Billing follows the subscription's period (or the real calendar before one), whatever clock
  // the rules are judged by.
  const { billable, live } = await volumeInUse(campaign, new Date());
  const consentMissing = (await consentMissingFor(campaign)).length > 0;
  const reason = whyNotDialing(campaign, { monthBillableCalls: billable, consentMissing });
  if (reason === 'nothing_left') await completeIfDone(campaign);
  if (reason) return 0;
  const line = await callLineFor(campaign);
  if (!line?.fromNumber) return 0;

  // With overage on, calls past the package are placed too (and metered when they settle).
  const capacity = Math.min(
    campaign.maxConcurrentCalls - live,
    campaign.overage ? Infinity : (campaign.monthlyCallVolume ?? 0) - billable - live,
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
