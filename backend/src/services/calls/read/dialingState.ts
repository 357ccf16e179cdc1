import { QueryTypes, Transaction } from 'sequelize';
import {
  BILLING_STOPPED_STATUSES,
  callingAreaOpening,
  LIVE_CALL_STATUSES,
  notDialingReason,
  type CampaignDialing,
} from '@ringcast/shared-types';
import { sequelize } from '../../../db/sequelize';
import { Campaign, User } from '../../../db/models';
import {
  dialerNow,
  CONSENT_OWNER_ATTRIBUTES,
  consentMissingOf,
  usageKeyOf,
  usagePeriodShown,
  type UsagePeriodOf,
} from '../shared';
import { callingAreasOf, callingRulesOf } from '../dispatch';

/** Calls of each campaign holding a line or a place in line now (test calls included). */
async function liveCallCounts(campaignIds: number[], transaction?: Transaction) {
  const rows = await sequelize.query<{ campaignId: number; n: number }>(
    `SELECT campaignId, COUNT(*) AS n FROM call_records
      WHERE campaignId IN (:campaignIds) AND status IN (:live) GROUP BY campaignId`,
    { replacements: { campaignIds, live: LIVE_CALL_STATUSES }, type: QueryTypes.SELECT, transaction },
  );
  return new Map(rows.map((row) => [Number(row.campaignId), Number(row.n)]));
}

/** The campaigns a usage count is read for: their ids and the period each counts in. */
type Counted = { id: number } & UsagePeriodOf;

/**
 * Billable calls each campaign made in its billing period (usageKeyOf: the subscription's period,
 * or the calendar month before one), one read for all.
 */
async function periodBillableCallCounts(campaigns: Counted[], now: Date, transaction?: Transaction) {
  const replacements: Record<string, unknown> = {};
  const pairs = campaigns.map((campaign, i) => {
    Object.assign(replacements, { [`c${i}`]: campaign.id, [`k${i}`]: usageKeyOf(campaign, now) });
    return `(campaignId = :c${i} AND month = :k${i})`;
  });
  const rows = await sequelize.query<{ campaignId: number; billableCalls: number }>(
    `SELECT campaignId, billableCalls FROM campaign_usage WHERE ${pairs.join(' OR ')}`,
    { replacements, type: QueryTypes.SELECT, transaction },
  );
  return new Map(rows.map((row) => [Number(row.campaignId), Number(row.billableCalls)]));
}

export async function liveCallCount(campaignId: number, transaction?: Transaction): Promise<number> {
  return (await liveCallCounts([campaignId], transaction)).get(campaignId) ?? 0;
}

export async function periodBillableCalls(
  campaign: Counted,
  now = new Date(),
  transaction?: Transaction,
): Promise<number> {
  return (await periodBillableCallCounts([campaign], now, transaction)).get(campaign.id) ?? 0;
}

/**
 * This billing period's billable calls and the calls in flight of a campaign, from one snapshot of
 * the database: read apart, a call that settles between the reads is counted in neither, and the
 * dispatcher would queue one call past the monthly volume.
 */
export function volumeInUse(
  campaign: Counted,
  now = new Date(),
): Promise<{ billable: number; live: number }> {
  return sequelize.transaction(
    { isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ, readOnly: true },
    async (transaction) => ({
      billable: await periodBillableCalls(campaign, now, transaction),
      live: await liveCallCount(campaign.id, transaction),
    }),
  );
}

export const prospectsReady = (campaign: Campaign) =>
  Boolean(campaign.prospectListId) && campaign.seededProspectListId === campaign.prospectListId;

/** Why the campaign is not dialing now (shared-types' rule), null when it may dial. */
export const whyNotDialing = (
  campaign: Campaign,
  { monthBillableCalls, consentMissing }: { monthBillableCalls: number; consentMissing: boolean },
) =>
  notDialingReason(
    {
      ...campaign.get({ plain: true }),
      providedPhoneNumber: campaign.providedPhoneNumber ?? null,
      monthlyCallVolume: campaign.monthlyCallVolume ?? null,
    },
    {
      prospectsReady: prospectsReady(campaign),
      prospectsRemaining: campaign.prospectsRemaining,
      monthBillableCalls,
      consentMissing,
    },
  );

interface NextCall {
  campaignId: number;
  nextAttemptAt: Date;
  timeZone: string | null;
}

/**
 * Each campaign's next calls, and the zone they ring in: the earliest stored next attempt still
 * ahead (decided by the rules when written), or sooner, the first opening of the calling areas of
 * prospects whose time has come. Those were not decided yet (the dispatcher may not run: setup not
 * complete, paused), so the campaign's hours are asked now in each area, never showing a past or
 * closed instant. One statement per kind of read for all the campaigns, on the dispatcher's index.
 */
async function nextCalls(
  campaigns: Campaign[],
  transaction?: Transaction,
): Promise<Map<number, { at: string; timeZone: string | null }>> {
  const now = dialerNow();
  const ahead = campaigns.map(
    ({ id }) => `(SELECT cp.campaignId, cp.nextAttemptAt, NULLIF(ca.timeZones, '') AS timeZone
       FROM campaign_prospects cp LEFT JOIN calling_areas ca ON ca.id = cp.callingAreaId
      WHERE cp.campaignId = ${Number(id)} AND cp.nextAttemptAt > :now
      ORDER BY cp.nextAttemptAt LIMIT 1)`,
  );
  const [rows, dueAreas] = await Promise.all([
    sequelize.query<NextCall>(ahead.join(' UNION ALL '), {
      replacements: { now },
      type: QueryTypes.SELECT,
      transaction,
    }),
    sequelize.query<{ campaignId: number; callingAreaId: number }>(
      `SELECT DISTINCT campaignId, callingAreaId FROM campaign_prospects
        WHERE campaignId IN (:ids) AND nextAttemptAt <= :now AND callingAreaId IS NOT NULL`,
      { replacements: { ids: campaigns.map(({ id }) => id), now }, type: QueryTypes.SELECT, transaction },
    ),
  ]);
  const next = new Map(
    rows.map((row) => [
      Number(row.campaignId),
      { at: new Date(row.nextAttemptAt), timeZone: row.timeZone?.split(',')[0] ?? null },
    ]),
  );
  if (dueAreas.length) {
    const areas = await callingAreasOf(dueAreas.map((row) => Number(row.callingAreaId)));
    const rules = new Map(campaigns.map((campaign) => [campaign.id, callingRulesOf(campaign)]));
    for (const row of dueAreas) {
      const campaignId = Number(row.campaignId);
      const area = areas.get(Number(row.callingAreaId));
      const opening = area && callingAreaOpening(area, rules.get(campaignId)!, now);
      const known = next.get(campaignId);
      if (area && opening && (!known || opening < known.at))
        next.set(campaignId, { at: opening, timeZone: area.timeZones[0] ?? null });
    }
  }
  return new Map([...next].map(([id, { at, timeZone }]) => [id, { at: at.toISOString(), timeZone }]));
}

/**
 * The dialer's view of each campaign, as its page shows it: the same four reads whatever the
 * number of campaigns (calls in flight, the billing period's usage and its dates, next attempts,
 * owners' profiles).
 */
export async function campaignsDialing(
  campaigns: Campaign[],
  now = new Date(),
  transaction?: Transaction,
): Promise<Map<number, CampaignDialing>> {
  if (!campaigns.length) return new Map();
  const ids = campaigns.map((campaign) => campaign.id);
  const [live, billableCounts, next, owners] = await Promise.all([
    liveCallCounts(ids, transaction),
    periodBillableCallCounts(campaigns, now, transaction),
    nextCalls(campaigns, transaction),
    User.findAll({
      where: { id: [...new Set(campaigns.map((campaign) => campaign.userId))] },
      attributes: [...CONSENT_OWNER_ATTRIBUTES],
      transaction,
    }),
  ]);
  const ownerById = new Map(owners.map((owner) => [owner.id, owner]));
  return new Map(
    campaigns.map((campaign) => {
      const billable = billableCounts.get(campaign.id) ?? 0;
      // A campaign stopped by its billing has no next call until it is paid (or ever, once canceled).
      const nextCall = BILLING_STOPPED_STATUSES.includes(campaign.status) ? undefined : next.get(campaign.id);
      const dialing: CampaignDialing = {
        callsInFlight: live.get(campaign.id) ?? 0,
        prospectsRemaining: campaign.prospectsRemaining,
        monthBillableCalls: billable,
        ...usagePeriodShown(campaign),
        notDialingReason: whyNotDialing(campaign, {
          monthBillableCalls: billable,
          consentMissing: consentMissingOf(campaign, ownerById.get(campaign.userId)).length > 0,
        }),
        answeredByPerson: campaign.personCalls,
        voicemails: campaign.voicemailCalls,
        nextCallAt: nextCall?.at ?? null,
        nextCallTimeZone: nextCall?.timeZone ?? null,
      };
      return [campaign.id, dialing];
    }),
  );
}

/** One campaign's dialing state. */
export async function campaignDialing(
  campaign: Campaign,
  now = new Date(),
  transaction?: Transaction,
): Promise<CampaignDialing> {
  return (await campaignsDialing([campaign], now, transaction)).get(campaign.id)!;
}

/** Campaigns and their dialing state, all read from one snapshot of the database (see below). */
export async function campaignsWithDialing(
  campaignIds: number[],
): Promise<{ campaign: Campaign; dialing: CampaignDialing }[]> {
  if (!campaignIds.length) return [];
  return sequelize.transaction(
    { isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ, readOnly: true },
    async (transaction) => {
      // With the owner's Twilio number: the caller ID of a campaign on their own account.
      const campaigns = await Campaign.findAll({
        where: { id: campaignIds },
        include: [{ model: User, as: 'owner', attributes: ['id', 'twilioPhoneNumber'] }],
        transaction,
      });
      const dialing = await campaignsDialing(campaigns, new Date(), transaction);
      return campaigns.map((campaign) => ({ campaign, dialing: dialing.get(campaign.id)! }));
    },
  );
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
