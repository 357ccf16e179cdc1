import { QueryTypes } from 'sequelize';
import {
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
import { centsOf } from './analytics/contribution';
import { centsText } from './analytics/statDays';

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
  costCents: number | string;
  adjustedCost: string | number | null;
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
 * the admins' adjustments dated in it, so over all time it equals the campaign cards. Read from
 * the daily aggregates kept as calls settle (the campaign's Analytics totals, for the same days),
 * never from the call records: one grouped query per campaign, one per day, one of adjustments.
 */
export async function dashboardStats(
  userId: number,
  days: DashboardDays,
  now = new Date(),
): Promise<DashboardStats> {
  const since = periodStart(days, now);
  const sinceDay = utcDate(since);
  const replacements = { userId, since, sinceDay };
  const [campaignRows, dayRows] = await Promise.all([
    sequelize.query<CampaignRow>(
      `SELECT c.id, c.name, c.status, c.type, c.customType, c.createdAt,
              COALESCE(s.calls, 0) + COALESCE(a.calls, 0) AS calls,
              COALESCE(s.received, 0) AS received,
              COALESCE(s.successes, 0) + COALESCE(a.successes, 0) AS successes,
              COALESCE(s.costCents, 0) AS costCents, COALESCE(a.cost, 0) AS adjustedCost
         FROM campaigns c
         LEFT JOIN (
           SELECT s.campaignId, SUM(s.calls) AS calls, SUM(s.received) AS received,
                  SUM(s.successful) AS successes, SUM(s.costCents) AS costCents
             FROM campaign_daily_stats s JOIN campaigns mine ON mine.id = s.campaignId AND mine.userId = :userId
            WHERE s.day >= :sinceDay
            GROUP BY s.campaignId
         ) s ON s.campaignId = c.id
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
         SELECT DATE_FORMAT(s.day, '%Y-%m-%d') AS day, SUM(s.calls) AS calls, SUM(s.successful) AS successes
           FROM campaign_daily_stats s JOIN campaigns c ON c.id = s.campaignId
          WHERE c.userId = :userId AND s.day >= :sinceDay
          GROUP BY s.day
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
      totalCost: centsText(Number(row.costCents) + centsOf(row.adjustedCost)),
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
