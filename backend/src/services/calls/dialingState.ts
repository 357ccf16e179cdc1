import { QueryTypes, type Transaction } from 'sequelize';
import {
  billingMonthOf,
  LIVE_CALL_STATUSES,
  notDialingReason,
  type CampaignDialing,
} from '@ringcast/shared-types';
import { sequelize } from '../../db/sequelize';
import type { Campaign } from '../../db/models';

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

/** The dialer's view of the campaign, as its page shows it: three indexed reads. */
export async function campaignDialing(campaign: Campaign, now = new Date()): Promise<CampaignDialing> {
  const [callsInFlight, billable] = await Promise.all([
    liveCallCount(campaign.id),
    monthBillableCalls(campaign.id, now),
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
      },
    ),
    answeredByPerson: campaign.personCalls,
    voicemails: campaign.voicemailCalls,
  };
}
