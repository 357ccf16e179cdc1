import { QueryTypes } from 'sequelize';
import {
  ANALYTICS_MESSAGES,
  CALL_OUTCOMES,
  DEFAULT_ANALYTICS_DAYS,
  HEATMAP_FIRST_HOUR,
  HEATMAP_LAST_HOUR,
  MAX_ANALYTICS_DAYS,
  medianOf,
  percentileOf,
  SENTIMENTS,
  WEEKDAYS,
  type AnalyticsDay,
  type CampaignAnalytics,
  type Counted,
  type HeatmapCell,
} from '@ringcast/shared-types';
import { sequelize } from '../../db/sequelize';
import { badRequest } from '../../errors';
import {
  DAILY_STAT_COLUMNS,
  OUTCOME_COLUMNS,
  SENTIMENT_COLUMNS,
  statDay,
  type DailyStatColumn,
} from './statRows';
import { adjustmentsBetween, centsText, DAY_MS, dayAfter } from './statDays';

type DailyRow = Record<DailyStatColumn, number> & { day: string };

/** The range asked for, its blanks filled: up to today, DEFAULT_ANALYTICS_DAYS long. */
export function analyticsRange(query: { from?: string; to?: string }, now = new Date()) {
  const to = query.to ?? statDay(now);
  const from =
    query.from ?? statDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_ANALYTICS_DAYS - 1) * DAY_MS));
  if (from > to) throw badRequest(ANALYTICS_MESSAGES.order);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > MAX_ANALYTICS_DAYS) throw badRequest(ANALYTICS_MESSAGES.length);
  return { from, to, days };
}

const sumOf = (rows: readonly DailyRow[], column: DailyStatColumn) =>
  rows.reduce((sum, row) => sum + Number(row[column]), 0);

/**
 * A histogram table's rows of the range, one text per day ('value:count,...'): a day's few hundred
 * rows cross as one, which is most of a long range's cost otherwise. Room for every value a day can
 * hold (SET STATEMENT: MariaDB), so none is cut off.
 */
interface DayHistogram {
  day: string;
  counts: string;
}
const histogramSql = (table: string, value: string, count: string, where: string) =>
  `SET STATEMENT group_concat_max_len = 16777216 FOR
   SELECT DATE_FORMAT(day, '%Y-%m-%d') AS day, GROUP_CONCAT(${value}, ':', ${count}) AS counts
     FROM ${table} WHERE ${where} GROUP BY day`;
/** 'value:count,...' read digit by digit: splitting a long range's texts took longer than the reads. */
function parsedHistogram(text: string): Counted[] {
  const counted: Counted[] = [];
  let value = 0;
  let count = 0;
  let sign = 1;
  let inCount = false;
  for (let i = 0; i <= text.length; i++) {
    const ch = i < text.length ? text.charCodeAt(i) : 44;
    if (ch === 44 /* , */) {
      counted.push({ value, count: sign * count });
      value = count = 0;
      sign = 1;
      inCount = false;
    } else if (ch === 58 /* : */) inCount = true;
    else if (ch === 45 /* - */) sign = -1;
    else if (inCount) count = count * 10 + ch - 48;
    else value = value * 10 + ch - 48;
  }
  return counted;
}
function mergedHistograms(days: Iterable<Counted[]>): Counted[] {
  const merged = new Map<number, number>();
  for (const day of days) for (const c of day) merged.set(c.value, (merged.get(c.value) ?? 0) + c.count);
  return [...merged].map(([value, count]) => ({ value, count }));
}
const perUnit = (cents: number, count: number) => (count > 0 ? centsText(Math.round(cents / count)) : null);

/**
 * A campaign's analytics over UTC days `from`..`to` (CampaignAnalytics says what each figure
 * counts), read from the aggregates kept as calls settle and are analysed, never from the call
 * records: five indexed range reads on (campaignId, day), in parallel.
 */
export async function campaignAnalytics(
  campaignId: number,
  range: { from: string; to: string; days: number },
): Promise<CampaignAnalytics> {
  const { from, to } = range;
  const replacements = { campaignId, from, to };
  const select = <T extends object>(sql: string) =>
    sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  const inRange = 'campaignId = :campaignId AND day BETWEEN :from AND :to';
  const [daily, hourly, talk, responses, adjustments] = await Promise.all([
    select<DailyRow>(
      `SELECT DATE_FORMAT(day, '%Y-%m-%d') AS day, ${DAILY_STAT_COLUMNS.join(', ')}
         FROM campaign_daily_stats WHERE ${inRange}`,
    ),
    select<{ weekday: number; hour: number; placed: string; answered: string }>(
      `SELECT weekday, hour, SUM(placed) AS placed, SUM(answered) AS answered
         FROM campaign_hourly_stats WHERE ${inRange} GROUP BY weekday, hour`,
    ),
    select<DayHistogram>(histogramSql('campaign_talk_times', 'seconds', 'calls', inRange)),
    select<DayHistogram>(histogramSql('campaign_response_times', 'bucketMs', 'turns', inRange)),
    adjustmentsBetween([campaignId], from, dayAfter(to)),
  ]);

  // Our replies by 10 ms bucket, per day and over the range (percentileOf over each).
  const responsesByDay = new Map(responses.map((r) => [r.day, parsedHistogram(r.counts)]));
  const rangeCounted = mergedHistograms(responsesByDay.values());

  const adjustment = adjustments.get(campaignId);
  const calls = sumOf(daily, 'calls') + (adjustment?.calls ?? 0);
  const successful = sumOf(daily, 'successful') + (adjustment?.successful ?? 0);
  const costCents = sumOf(daily, 'costCents') + (adjustment?.costCents ?? 0);
  const booked = sumOf(daily, 'booked');
  const talkCalls = sumOf(daily, 'talkCalls');

  const byDay = new Map(daily.map((row) => [row.day, row]));
  const days: AnalyticsDay[] = Array.from({ length: range.days }, (_, i) => {
    const date = statDay(new Date(Date.parse(`${from}T00:00:00Z`) + i * DAY_MS));
    const row = byDay.get(date);
    const n = (column: DailyStatColumn) => Number(row?.[column] ?? 0);
    const buckets = responsesByDay.get(date) ?? [];
    return {
      date,
      calls: n('calls'),
      person: n('person'),
      voicemail: n('voicemail'),
      successful: n('successful'),
      outcomes: Object.fromEntries(
        CALL_OUTCOMES.map((o) => [o, n(OUTCOME_COLUMNS[o])]),
      ) as AnalyticsDay['outcomes'],
      sentiment: Object.fromEntries(
        SENTIMENTS.map((s) => [s, n(SENTIMENT_COLUMNS[s])]),
      ) as AnalyticsDay['sentiment'],
      turns: n('responseTurns'),
      p50Ms: percentileOf(buckets, 50),
      p95Ms: percentileOf(buckets, 95),
      calleeInterruptions: n('calleeInterruptions'),
      agentInterruptions: n('agentInterruptions'),
      silences: n('silences'),
    };
  });

  const cells = new Map(hourly.map((h) => [`${h.weekday}|${h.hour}`, h]));
  const heatmap: HeatmapCell[] = [];
  for (let weekday = 0; weekday < WEEKDAYS.length; weekday++)
    for (let hour = HEATMAP_FIRST_HOUR; hour <= HEATMAP_LAST_HOUR; hour++) {
      const cell = cells.get(`${weekday}|${hour}`);
      heatmap.push({
        weekday: WEEKDAYS[weekday]!,
        hour,
        placed: Number(cell?.placed ?? 0),
        answered: Number(cell?.answered ?? 0),
      });
    }
  const inHeatmap = heatmap.reduce((sum, cell) => sum + cell.placed, 0);
  const placedHourly = hourly.reduce((sum, h) => sum + Number(h.placed), 0);

  return {
    campaignId,
    from,
    to,
    totals: {
      calls,
      received: sumOf(daily, 'received'),
      successful,
      cost: centsText(costCents),
      adjustments: adjustment
        ? {
            calls: adjustment.calls,
            successful: adjustment.successful,
            cost: centsText(adjustment.costCents),
          }
        : null,
    },
    funnel: {
      placed: sumOf(daily, 'placed'),
      person: sumOf(daily, 'placedPerson'),
      conversations: sumOf(daily, 'conversations'),
      positive: sumOf(daily, 'positive'),
      bookedOrTransferred: sumOf(daily, 'bookedOrTransferred'),
    },
    beside: {
      voicemail: sumOf(daily, 'placedVoicemail'),
      noAnswer: sumOf(daily, 'placedNoAnswer'),
      busy: sumOf(daily, 'placedBusy'),
      failed: sumOf(daily, 'placedFailed'),
      received: sumOf(daily, 'received'),
    },
    booked,
    transferred: sumOf(daily, 'transferred'),
    costPerSuccessful: perUnit(costCents, successful),
    costPerBooked: perUnit(costCents, booked),
    talkTime: {
      calls: talkCalls,
      averageSeconds: talkCalls ? Math.round((sumOf(daily, 'talkSeconds') / talkCalls) * 10) / 10 : null,
      medianSeconds: medianOf(mergedHistograms(talk.map((t) => parsedHistogram(t.counts)))),
    },
    sentiment: Object.fromEntries(
      SENTIMENTS.map((s) => [s, sumOf(daily, SENTIMENT_COLUMNS[s])]),
    ) as CampaignAnalytics['sentiment'],
    analysis: { analysed: sumOf(daily, 'analysed'), goalMet: sumOf(daily, 'goalMet') },
    quality: {
      calls: sumOf(daily, 'qualityCalls'),
      turns: sumOf(daily, 'responseTurns'),
      p50Ms: percentileOf(rangeCounted, 50),
      p95Ms: percentileOf(rangeCounted, 95),
      calleeInterruptions: sumOf(daily, 'calleeInterruptions'),
      agentInterruptions: sumOf(daily, 'agentInterruptions'),
      silences: sumOf(daily, 'silences'),
    },
    days,
    heatmap,
    heatmapLeftOut: placedHourly - inHeatmap,
  };
}
