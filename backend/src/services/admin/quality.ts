import { QueryTypes } from 'sequelize';
import {
  percentileOf,
  type AdminQuality,
  type AdminQualityDay,
  type Counted,
  type DashboardDays,
  type SlowCall,
} from '@ringcast/shared-types';
import { sequelize } from '../../db/sequelize';
import { statDay } from '../analytics/statRows';
import { DAY_MS } from '../analytics/statDays';
import { periodStart } from '../dashboard';

/** The slowest calls listed. */
export const SLOWEST_CALLS = 10;

interface DayRow {
  day: string;
  calls: number | string;
  turns: number | string;
  calleeInterruptions: number | string;
  agentInterruptions: number | string;
  silences: number | string;
}

interface SlowCallRow {
  callId: number;
  campaignId: number;
  campaignName: string;
  ownerEmail: string;
  createdAt: Date;
  turns: number | null;
  responseP50Ms: number | null;
  responseP95Ms: number;
}

const COUNTS = ['calls', 'turns', 'calleeInterruptions', 'agentInterruptions', 'silences'] as const;

/**
 * A day's response-time buckets as one text ('bucketMs:turns,...'): a year of days crosses as 365
 * rows rather than one per bucket. Room for every bucket a day can hold (SET STATEMENT: MariaDB).
 */
const RESPONSES_SQL = `SET STATEMENT group_concat_max_len = 16777216 FOR
  SELECT DATE_FORMAT(day, '%Y-%m-%d') AS day, GROUP_CONCAT(bucketMs, ':', turns) AS counts
    FROM response_time_days WHERE day BETWEEN :from AND :to GROUP BY day`;

const DAYS_SQL = `SELECT DATE_FORMAT(day, '%Y-%m-%d') AS day, ${COUNTS.join(', ')}
  FROM quality_daily_stats WHERE day BETWEEN :from AND :to`;

/**
 * Read down the response index (call_records_response) from the slowest, keeping the period's
 * counted calls, until ten: test calls count nowhere, and a call without measured replies has no p95.
 */
const SLOWEST_SQL = `SELECT r.id AS callId, r.campaignId, c.name AS campaignName, u.email AS ownerEmail,
         r.createdAt, r.qualityTurns AS turns, r.responseP50Ms, r.responseP95Ms
    FROM call_records r FORCE INDEX (call_records_response)
    JOIN campaigns c ON c.id = r.campaignId
    JOIN users u ON u.id = c.userId
   WHERE r.responseP95Ms IS NOT NULL AND r.createdAt >= :since AND r.createdAt < :until AND r.test = 0
   ORDER BY r.responseP95Ms DESC, r.id DESC
   LIMIT ${SLOWEST_CALLS}`;

const histogramOf = (text: string): Counted[] =>
  text.split(',').map((pair) => {
    const [value, count] = pair.split(':');
    return { value: Number(value), count: Number(count) };
  });

/**
 * Conversation quality across every campaign over the last `days` UTC days up to today (the
 * dashboard's period), read from the aggregates the analysis of each call adds to
 * (quality_daily_stats, response_time_days): every day of the period, zeros included, p50/p95 by
 * percentileOf over the 10 ms buckets, and the period's slowest calls by their own p95.
 */
export async function adminQuality(days: DashboardDays, now = new Date()): Promise<AdminQuality> {
  const since = periodStart(days, now);
  const from = statDay(since);
  const to = statDay(now);
  const replacements = { from, to, since, until: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) };
  const select = <T extends object>(sql: string) =>
    sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  const [dayRows, responseRows, slowRows] = await Promise.all([
    select<DayRow>(DAYS_SQL),
    select<{ day: string; counts: string }>(RESPONSES_SQL),
    select<SlowCallRow>(SLOWEST_SQL),
  ]);

  const byDay = new Map(dayRows.map((row) => [row.day, row]));
  const bucketsByDay = new Map(responseRows.map((row) => [row.day, histogramOf(row.counts)]));
  const merged = new Map<number, number>();
  for (const buckets of bucketsByDay.values())
    for (const { value, count } of buckets) merged.set(value, (merged.get(value) ?? 0) + count);
  const period = [...merged].map(([value, count]) => ({ value, count }));

  const daily: AdminQualityDay[] = Array.from({ length: days }, (_, i) => {
    const date = statDay(new Date(since.getTime() + i * DAY_MS));
    const row = byDay.get(date);
    const buckets = bucketsByDay.get(date) ?? [];
    const n = (column: (typeof COUNTS)[number]) => Number(row?.[column] ?? 0);
    return {
      date,
      calls: n('calls'),
      turns: n('turns'),
      p50Ms: percentileOf(buckets, 50),
      p95Ms: percentileOf(buckets, 95),
      calleeInterruptions: n('calleeInterruptions'),
      agentInterruptions: n('agentInterruptions'),
      silences: n('silences'),
    };
  });
  const sum = (column: (typeof COUNTS)[number]) => daily.reduce((total, day) => total + day[column], 0);

  const slowestCalls: SlowCall[] = slowRows.map((row) => ({
    callId: Number(row.callId),
    campaignId: Number(row.campaignId),
    campaignName: row.campaignName,
    ownerEmail: row.ownerEmail,
    createdAt: new Date(row.createdAt).toISOString(),
    turns: Number(row.turns ?? 0),
    responseP50Ms: row.responseP50Ms === null ? null : Number(row.responseP50Ms),
    responseP95Ms: Number(row.responseP95Ms),
  }));

  return {
    days,
    totals: {
      calls: sum('calls'),
      turns: sum('turns'),
      p50Ms: percentileOf(period, 50),
      p95Ms: percentileOf(period, 95),
      calleeInterruptions: sum('calleeInterruptions'),
      agentInterruptions: sum('agentInterruptions'),
      silences: sum('silences'),
    },
    daily,
    slowestCalls,
  };
}
