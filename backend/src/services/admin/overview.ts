import { QueryTypes } from 'sequelize';
import {
  campaignCosts,
  LIVE_CALL_STATUSES,
  OPEN_TICKET_STATUSES,
  successRate,
  SUBSCRIBED_CAMPAIGN_STATUSES,
  type AdminBillingStats,
  type AdminOverview,
  type SystemStatus,
} from '@ringcast/shared-types';
import { sequelize } from '../../db/sequelize';
import { presentAdminCampaign } from '../../presenters/adminCampaign';
import { dollars } from '../../presenters/billing';
import { readSystemHealth } from '../../lib/health';
import { recentCampaigns } from './campaigns';

export const RECENT_CAMPAIGNS = 5;

interface TotalsRow {
  totalUsers: number | string;
  totalCalls: number | string;
  successfulCalls: number | string;
  runningCampaigns: number | string;
  waitingForNumber: number | string;
  totalRevenueCents: number | string;
  openTickets: number | string;
}

/** Every figure in one round trip; the sums come from the campaigns' stored counters. */
const TOTALS_SQL = `
  SELECT (SELECT COUNT(*) FROM users) AS totalUsers,
         (SELECT COALESCE(SUM(totalCalls), 0) FROM campaigns) AS totalCalls,
         (SELECT COALESCE(SUM(successfulCalls), 0) FROM campaigns) AS successfulCalls,
         (SELECT COUNT(*) FROM campaigns WHERE status = 'active') AS runningCampaigns,
         -- waitsForNumber() in shared-types, as SQL
         (SELECT COUNT(*) FROM campaigns
           WHERE status = 'active' AND useProvidedNumber = 1 AND providedPhoneNumber IS NULL) AS waitingForNumber,
         (SELECT COALESCE(SUM(amountCents), 0) FROM payments WHERE status = 'succeeded') AS totalRevenueCents,
         (SELECT COUNT(*) FROM support_tickets WHERE status IN (:openTicketStatuses)) AS openTickets`;

/** What the Overview's system panel shows: each check as it really stands right now. */
export function systemStatusFrom(health: Awaited<ReturnType<typeof readSystemHealth>>): SystemStatus {
  const workers = health.workers;
  const checks: SystemStatus['checks'] = [
    { name: 'database', ok: health.database, detail: health.database ? 'Connected' : 'Unreachable' },
    { name: 'redis', ok: health.redis, detail: health.redis ? 'Connected' : 'Unreachable' },
    {
      name: 'worker',
      ok: workers > 0,
      detail: !health.redis
        ? 'Unknown while Redis is unreachable'
        : workers > 0
          ? `${workers} worker${workers === 1 ? '' : 's'} running`
          : 'No worker is connected',
    },
  ];
  return { status: checks.every((check) => check.ok) ? 'Healthy' : 'Degraded', checks };
}

/** Live calls per campaign (test calls included, as the campaign page counts them). */
async function callsInFlight(): Promise<AdminOverview['callsInFlight']> {
  const rows = await sequelize.query<{ campaignId: number; n: number | string }>(
    `SELECT campaignId, COUNT(*) AS n FROM call_records WHERE status IN (:live) GROUP BY campaignId`,
    { type: QueryTypes.SELECT, replacements: { live: LIVE_CALL_STATUSES } },
  );
  const byCampaign = Object.fromEntries(rows.map((row) => [String(row.campaignId), Number(row.n)]));
  return { total: rows.reduce((sum, row) => sum + Number(row.n), 0), byCampaign };
}

/**
 * The billing tiles: monthly recurring revenue (each active subscription's package and number, by
 * the one pricing function, read as one row per kind of plan), campaigns past due, and
 * cancellations in this calendar month (UTC).
 */
export async function billingStats(now = new Date()): Promise<AdminBillingStats> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const nextMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const [plans, [counts]] = await Promise.all([
    sequelize.query<{ monthlyCallVolume: number | null; useProvidedNumber: number; n: number | string }>(
      `SELECT monthlyCallVolume, useProvidedNumber, COUNT(*) AS n FROM campaigns
        WHERE stripeSubscriptionId IS NOT NULL AND status IN (:subscribed)
        GROUP BY monthlyCallVolume, useProvidedNumber`,
      { type: QueryTypes.SELECT, replacements: { subscribed: [...SUBSCRIBED_CAMPAIGN_STATUSES] } },
    ),
    sequelize.query<{ pastDue: number | string; canceled: number | string }>(
      `SELECT (SELECT COUNT(*) FROM campaigns WHERE status = 'past_due') AS pastDue,
              (SELECT COUNT(*) FROM campaigns
                WHERE canceledAt >= :monthStart AND canceledAt < :nextMonthStart) AS canceled`,
      { type: QueryTypes.SELECT, replacements: { monthStart, nextMonthStart } },
    ),
  ]);
  const mrrCents = plans.reduce(
    (sum, plan) =>
      sum +
      Number(plan.n) *
        campaignCosts({
          hasProvidedList: null,
          monthlyCallVolume: plan.monthlyCallVolume,
          useProvidedNumber: Boolean(plan.useProvidedNumber),
        }).monthlyTotalCents,
    0,
  );
  return {
    monthlyRecurringRevenue: dollars(mrrCents),
    pastDueCampaigns: Number(counts.pastDue),
    cancellationsThisMonth: Number(counts.canceled),
  };
}

/** The Overview tab's figures, all computed on the server. */
export async function adminOverview(): Promise<AdminOverview> {
  const [[totals], recent, health, inFlight, billing] = await Promise.all([
    sequelize.query<TotalsRow>(TOTALS_SQL, {
      type: QueryTypes.SELECT,
      replacements: { openTicketStatuses: OPEN_TICKET_STATUSES },
    }),
    recentCampaigns(RECENT_CAMPAIGNS),
    readSystemHealth(),
    callsInFlight(),
    billingStats(),
  ]);
  const totalCalls = Number(totals.totalCalls);
  const successfulCalls = Number(totals.successfulCalls);
  return {
    totalUsers: Number(totals.totalUsers),
    totalCalls,
    successfulCalls,
    totalRevenueCents: Number(totals.totalRevenueCents),
    successRate: successRate(successfulCalls, totalCalls),
    recentCampaigns: recent.map(presentAdminCampaign),
    openTickets: Number(totals.openTickets),
    runningCampaigns: Number(totals.runningCampaigns),
    waitingForNumber: Number(totals.waitingForNumber),
    callsInFlight: inFlight,
    system: systemStatusFrom(health),
    billing,
  };
}
