import { QueryTypes, type Transaction } from 'sequelize';
import { LEGAL_WINDOW, parseCallingDays, WEEKDAYS, type DecisionCampaign } from '@ringcast/shared-types';
import { config } from '../../../config';
import { sequelize } from '../../../db/sequelize';
import type { Campaign } from '../../../db/models';
import { sweepClosingsAgain } from './closedCallingAreas';

/**
 * A campaign prospect's next attempt set this early is due at once: the dispatcher asks the
 * calling rules again before anything is dialed. Used for new prospects and after a change of the
 * rules, so no clock (the real one or a test's) is needed to write it.
 */
export const DECIDE_AGAIN_AT = new Date(Date.UTC(2000, 0, 1));

/** Campaign fields whose change moves every waiting prospect's next attempt. */
export const CALLING_RULE_FIELDS = [
  'callingHoursStart',
  'callingHoursEnd',
  'callingDays',
  'maxAttempts',
  'retryDelayMinutes',
] as const;

/**
 * The campaign's waiting prospects are decided again at the dispatcher's next run. A prospect
 * holding a promised call back keeps its time: made due now, it would be called at once; the
 * callbacks service moves it inside the new rules instead (moveCallbacksInsideRules).
 */
export async function decideProspectsAgain(campaignId: number, transaction?: Transaction): Promise<void> {
  await sequelize.query(
    `UPDATE campaign_prospects SET nextAttemptAt = :due, updatedAt = NOW(3)
      WHERE campaignId = :campaignId AND state IN ('pending', 'scheduled') AND nextAttemptAt IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM callbacks cb
                         WHERE cb.campaignId = campaign_prospects.campaignId
                           AND cb.heldProspectId = campaign_prospects.prospectId)`,
    { replacements: { campaignId, due: DECIDE_AGAIN_AT }, transaction },
  );
  sweepClosingsAgain(campaignId, transaction);
}

/**
 * Calls that count as attempts, per prospect of the campaign: those handed to Twilio. A call
 * withdrawn before dialing (a pause, a crash before the request) used an attempt number but
 * tried nobody, so it spends none of the prospect's attempts.
 */
export const COUNTED_ATTEMPT = `(status <> 'canceled' OR dialedAt IS NOT NULL)`;

/** The campaign's side of the calling rules, as nextCallDecision reads it. */
export function callingRulesOf(
  campaign: Pick<
    Campaign,
    'callingDays' | 'callingHoursStart' | 'callingHoursEnd' | 'maxAttempts' | 'retryDelayMinutes'
  >,
): DecisionCampaign {
  const days = campaign.callingDays ? parseCallingDays(campaign.callingDays) : [...WEEKDAYS];
  const [start, end] =
    campaign.callingHoursStart && campaign.callingHoursEnd
      ? [campaign.callingHoursStart, campaign.callingHoursEnd]
      : LEGAL_WINDOW;
  const narrowed =
    Boolean(campaign.callingHoursStart && campaign.callingHoursEnd) || Boolean(campaign.callingDays);
  return {
    callingHours: narrowed ? { start, end, days } : null,
    maxAttempts: campaign.maxAttempts,
    retryDelayMinutes: campaign.retryDelayMinutes,
    ringTimeoutSeconds: config.calls.ringTimeoutSeconds,
  };
}

/**
 * When each of these numbers was dialed (or queued to be) by any campaign of the customer in the
 * 24 hours before `now`: the per-number cap counts them. Calls withdrawn before dialing do not
 * count. One indexed read for a batch of numbers.
 */
export async function recentCallTimes(
  userId: number,
  phoneNumbers: readonly string[],
  now: Date,
): Promise<Map<string, Date[]>> {
  const byNumber = new Map<string, Date[]>();
  if (!phoneNumbers.length) return byNumber;
  const rows = await sequelize.query<{ toNumber: string; queuedAt: Date }>(
    `SELECT toNumber, queuedAt FROM call_records
      WHERE userId = :userId AND toNumber IN (:phoneNumbers) AND queuedAt > :since AND queuedAt <= :now
        AND test = 0 AND ${COUNTED_ATTEMPT}`,
    {
      replacements: { userId, phoneNumbers, since: new Date(now.getTime() - 86_400_000), now },
      type: QueryTypes.SELECT,
    },
  );
  for (const row of rows) {
    const list = byNumber.get(row.toNumber) ?? [];
    list.push(new Date(row.queuedAt));
    byNumber.set(row.toNumber, list);
  }
  return byNumber;
}

/**
 * Calls placed to each prospect of a campaign, as its attempts: a promised call back (`callbackId`)
 * is not one of them, though the 24-hour caps count it (recentCallTimes). A plain read, even inside a transaction: the
 * attempts before a live one are final and never change, so it takes no lock on calls another
 * batch may hold.
 */
export async function placedAttempts(
  campaignId: number,
  prospectIds: readonly number[],
  transaction?: Transaction,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (!prospectIds.length) return counts;
  const rows = await sequelize.query<{ prospectId: number; n: number }>(
    `SELECT prospectId, COUNT(*) AS n FROM call_records
      WHERE campaignId = :campaignId AND prospectId IN (:prospectIds) AND ${COUNTED_ATTEMPT}
        AND callbackId IS NULL
      GROUP BY prospectId`,
    { replacements: { campaignId, prospectIds }, type: QueryTypes.SELECT, transaction },
  );
  for (const row of rows) counts.set(Number(row.prospectId), Number(row.n));
  return counts;
}
