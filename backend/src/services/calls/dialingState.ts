import { QueryTypes, Transaction } from 'sequelize';
import {
  billingMonthOf,
  LIVE_CALL_STATUSES,
  notDialingReason,
  type CampaignDialing,
} from '@ringcast/shared-types';
import { sequelize } from '../../db/sequelize';
import { Campaign } from '../../db/models';
import { dialerNow } from './dialerClock';
import { consentMissingFor } from './callingConsent';

/** Calls of the campaign holding a line or a place in line now (test calls included). */
export async function liveCallCount(campaignId: number, transaction?: Transaction): Promise<number> {
  const [row] = await sequelize.query<{ n: number }>(
    `SELECT COUNT(*) AS n FROM call_records WHERE campaignId = :campaignId AND status IN (:live)`,
    { replacements: { campaignId, live: LIVE_CALL_STATUSES }, type: QueryTypes.SELECT, transaction },
  );
  return Number(row?.n ?? 0);
}

/** Billable calls the campaign made this calendar month (UTC). */
export async function monthBillableCalls(
  campaignId: number,
  now = new Date(),
  transaction?: Transaction,
): Promise<number> {
  const [row] = await sequelize.query<{ billableCalls: number }>(
    `SELECT billableCalls FROM campaign_usage WHERE campaignId = :campaignId AND month = :month`,
    {
      replacements: { campaignId, month: billingMonthOf(now) },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return Number(row?.billableCalls ?? 0);
}

export const prospectsReady = (campaign: Campaign) =>
  Boolean(campaign.prospectListId) && campaign.seededProspectListId === campaign.prospectListId;

/**
 * The earliest next attempt among the campaign's waiting prospects (one read on the dispatcher's
 * index): one due already, or waiting for a decision, counts as now.
 */
async function nextCall(
  campaignId: number,
  transaction?: Transaction,
): Promise<{ at: string; timeZone: string | null } | null> {
  const [row] = await sequelize.query<{ nextAttemptAt: Date; timeZone: string | null }>(
    `SELECT cp.nextAttemptAt, NULLIF(pl.timeZones, '') AS timeZone
       FROM campaign_prospects cp LEFT JOIN places pl ON pl.id = cp.placeId
      WHERE cp.campaignId = :campaignId AND cp.nextAttemptAt IS NOT NULL
      ORDER BY cp.nextAttemptAt LIMIT 1`,
    { replacements: { campaignId }, type: QueryTypes.SELECT, transaction },
  );
  if (!row) return null;
  const at = Math.max(new Date(row.nextAttemptAt).getTime(), dialerNow().getTime());
  return { at: new Date(at).toISOString(), timeZone: row.timeZone?.split(',')[0] ?? null };
}

/** The dialer's view of the campaign, as its page shows it: four indexed reads and its owner's profile. */
export async function campaignDialing(
  campaign: Campaign,
  now = new Date(),
  transaction?: Transaction,
): Promise<CampaignDialing> {
  const [callsInFlight, billable, next, consentMissing] = await Promise.all([
    liveCallCount(campaign.id, transaction),
    monthBillableCalls(campaign.id, now, transaction),
    nextCall(campaign.id, transaction),
    consentMissingFor(campaign, transaction),
  ]);
  return {
    callsInFlight,
    prospectsRemaining: campaign.prospectsRemaining,
    monthBillableCalls: billable,
    notDialingReason: notDialingReason(
      {
        ...campaign.get({ plain: true }),
        providedPhoneNumber: campaign.providedPhoneNumber ?? null,
        monthlyCallVolume: campaign.monthlyCallVolume ?? null,
      },
      {
        prospectsReady: prospectsReady(campaign),
        prospectsRemaining: campaign.prospectsRemaining,
        monthBillableCalls: billable,
        consentMissing: consentMissing.length > 0,
      },
    ),
    answeredByPerson: campaign.personCalls,
    voicemails: campaign.voicemailCalls,
    nextCallAt: next?.at ?? null,
    nextCallTimeZone: next?.timeZone ?? null,
  };
}

/**
 * A campaign with its dialing state, all read from one snapshot of the database: a call that
 * settles meanwhile is either still in flight and not yet counted, or counted and no longer in
 * flight, never half of each. `find` reads the campaign (and decides who may see it).
 */
export async function campaignWithDialing(
  find: (transaction: Transaction) => Promise<Campaign | null>,
): Promise<{ campaign: Campaign; dialing: CampaignDialing } | null> {
  return sequelize.transaction(
    { isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ, readOnly: true },
    async (transaction) => {
      const campaign = await find(transaction);
      return campaign && { campaign, dialing: await campaignDialing(campaign, new Date(), transaction) };
    },
  );
}
