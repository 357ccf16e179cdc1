import { QueryTypes } from 'sequelize';
import {
  formatCost,
  successRate,
  sumCosts,
  type CampaignStatus,
  type CampaignType,
  type DashboardCampaign,
  type DashboardDay,
  type DashboardDays,
  type DashboardStats,
} from '@ringcast/shared-types';
import { sequelize } from '../db/sequelize';
import { COUNTED_CALL_SQL } from './calls/read';

const DAY_MS = 86_400_000;

interface CampaignRow {
  id: number;
  name: string;
  status: CampaignStatus;
  type: CampaignType;
  customType: string | null;
  createdAt: Date;
  calls: number | string;
  received: number | string | null;
  successes: number | string | null;
  cost: string | number | null;
}

interface DayRow {
  day: string;
  calls: number | string;
  successes: number | string | null;
}

const utcDate = (date: Date) => date.toISOString().slice(0, 10);

/** The period is whole UTC days: today and the days - 1 before it. */
export function periodStart(days: number, now = new Date()): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

/** One entry per day from `since` to today, zeros where nothing was called. */
function fillDays(rows: DayRow[], since: Date, days: number): DashboardDay[] {
  const byDate = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: days }, (_, i) => {
    const date = utcDate(new Date(since.getTime() + i * DAY_MS));
    const row = byDate.get(date);
    return { date, calls: Number(row?.calls ?? 0), successes: Number(row?.successes ?? 0) };
  });
}

/**
 * DESIGN decision 7: the dashboard counts the calls made in the chosen period, by call date, plus
 * the admins' adjustments dated in it, so over all time it equals the campaign cards. Two grouped
 * queries whatever the number of campaigns: one per campaign (every campaign of the user, with
 * zeros when it had no call), one per day for the chart.
 */
export async function dashboardStats(
  userId: number,
  days: DashboardDays,
  now = new Date(),
): Promise<DashboardStats> {
  const since = periodStart(days, now);
  const replacements = { userId, since };
  const [campaignRows, dayRows] = await Promise.all([
    sequelize.query<CampaignRow>(
      `SELECT c.id, c.name, c.status, c.type, c.customType, c.createdAt,
              COALESCE(r.calls, 0) + COALESCE(a.calls, 0) AS calls,
              COALESCE(r.received, 0) AS received,
              COALESCE(r.successes, 0) + COALESCE(a.successes, 0) AS successes,
              COALESCE(r.cost, 0) + COALESCE(a.cost, 0) AS cost
         FROM campaigns c
         LEFT JOIN (
           SELECT r.campaignId, COUNT(*) AS calls, SUM(r.direction = 'inbound') AS received,
                  SUM(r.successful) AS successes, SUM(r.cost) AS cost
             FROM call_records r JOIN campaigns mine ON mine.id = r.campaignId AND mine.userId = :userId
            WHERE ${COUNTED_CALL_SQL} AND r.createdAt >= :since
            GROUP BY r.campaignId
         ) r ON r.campaignId = c.id
         LEFT JOIN (
           SELECT a.campaignId, SUM(a.totalCalls) AS calls, SUM(a.successfulCalls) AS successes,
                  SUM(a.totalCost) AS cost
             FROM campaign_stat_adjustments a JOIN campaigns mine ON mine.id = a.campaignId AND mine.userId = :userId
            WHERE a.effectiveAt >= :since
            GROUP BY a.campaignId
         ) a ON a.campaignId = c.id
        WHERE c.userId = :userId
        ORDER BY c.createdAt DESC, c.id DESC`,
      { replacements, type: QueryTypes.SELECT },
    ),
    sequelize.query<DayRow>(
      `SELECT day, SUM(calls) AS calls, SUM(successes) AS successes FROM (
         SELECT DATE_FORMAT(r.createdAt, '%Y-%m-%d') AS day, COUNT(*) AS calls, SUM(r.successful) AS successes
           FROM call_records r JOIN campaigns c ON c.id = r.campaignId
          WHERE c.userId = :userId AND ${COUNTED_CALL_SQL} AND r.createdAt >= :since
          GROUP BY day
         UNION ALL
         SELECT DATE_FORMAT(a.effectiveAt, '%Y-%m-%d') AS day, SUM(a.totalCalls), SUM(a.successfulCalls)
           FROM campaign_stat_adjustments a JOIN campaigns c ON c.id = a.campaignId
          WHERE c.userId = :userId AND a.effectiveAt >= :since
          GROUP BY day
       ) AS days
       GROUP BY day
       ORDER BY day`,
      { replacements, type: QueryTypes.SELECT },
    ),
  ]);

  const campaigns: DashboardCampaign[] = campaignRows.map((row) => {
    const totalCalls = Number(row.calls);
    const successfulCalls = Number(row.successes ?? 0);
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      type: row.type,
      customType: row.customType,
      createdAt: new Date(row.createdAt).toISOString(),
      totalCalls,
      receivedCalls: Number(row.received ?? 0),
      successfulCalls,
      successRate: successRate(successfulCalls, totalCalls),
      totalCost: formatCost(row.cost),
    };
  });
  const totalCalls = campaigns.reduce((sum, c) => sum + c.totalCalls, 0);
  const successfulCalls = campaigns.reduce((sum, c) => sum + c.successfulCalls, 0);
  return {
    days,
    totals: {
      totalCalls,
      receivedCalls: campaigns.reduce((sum, c) => sum + c.receivedCalls, 0),
      successfulCalls,
      successRate: successRate(successfulCalls, totalCalls),
      totalCost: sumCosts(campaigns.map((c) => c.totalCost)),
    },
    campaigns,
    daily: fillDays(dayRows, since, days),
  };
}
