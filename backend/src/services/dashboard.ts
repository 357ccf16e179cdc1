import { QueryTypes } from 'sequelize';
import {
  formatCost,
  successRate,
  sumCosts,
  type CallStatus,
  type CampaignStatus,
  type CampaignType,
  type DashboardCampaign,
  type DashboardDay,
  type DashboardDays,
  type DashboardStats,
} from '@ringcast/shared-types';
import { sequelize } from '../db/sequelize';

const DAY_MS = 86_400_000;

/** A call still waiting in the queue, or withdrawn before dialing, was never made. */
export const UNPLACED_CALL_STATUSES: readonly CallStatus[] = ['queued', 'canceled'];

interface CampaignRow {
  id: number;
  name: string;
  status: CampaignStatus;
  type: CampaignType;
  customType: string | null;
  createdAt: Date;
  calls: number | string;
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
 * DESIGN decision 7: the dashboard counts the calls made in the chosen period, by call date. Two
 * grouped queries whatever the number of campaigns: one per campaign (every campaign of the user,
 * with zeros when it had no call), one per day for the chart.
 */
export async function dashboardStats(
  userId: number,
  days: DashboardDays,
  now = new Date(),
): Promise<DashboardStats> {
  const since = periodStart(days, now);
  const replacements = { userId, since, unplaced: UNPLACED_CALL_STATUSES };
  const [campaignRows, dayRows] = await Promise.all([
    sequelize.query<CampaignRow>(
      `SELECT c.id, c.name, c.status, c.type, c.customType, c.createdAt,
              COUNT(r.id) AS calls, SUM(r.successful) AS successes, SUM(r.cost) AS cost
         FROM campaigns c
         LEFT JOIN call_records r
           ON r.campaignId = c.id AND r.createdAt >= :since AND r.status NOT IN (:unplaced)
        WHERE c.userId = :userId
        GROUP BY c.id
        ORDER BY c.createdAt DESC, c.id DESC`,
      { replacements, type: QueryTypes.SELECT },
    ),
    sequelize.query<DayRow>(
      `SELECT DATE_FORMAT(r.createdAt, '%Y-%m-%d') AS day, COUNT(*) AS calls, SUM(r.successful) AS successes
         FROM call_records r
         JOIN campaigns c ON c.id = r.campaignId
        WHERE c.userId = :userId AND r.createdAt >= :since AND r.status NOT IN (:unplaced)
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
      successfulCalls,
      successRate: successRate(successfulCalls, totalCalls),
      totalCost: sumCosts(campaigns.map((c) => c.totalCost)),
    },
    campaigns,
    daily: fillDays(dayRows, since, days),
  };
}
