import type { Transaction } from 'sequelize';
import type { CallOutcome, Sentiment } from '@ringcast/shared-types';
import { sequelize } from '../../db/sequelize';

/**
 * The one way the analytics' aggregate rows grow: counts added to keyed rows, created at zero on
 * first use, in one statement per table, rows in key order (two transactions adding to the same
 * rows take them in the same order, so they never wait on each other in a circle). A negative
 * count takes back what an earlier write added (a settled call whose outcome changed). Callers
 * write inside the transaction that makes the change they count, so a count is added exactly
 * when its change commits (migration 0031 says which moment writes which column).
 */

/** campaign_daily_stats' counts (migration 0031). */
export const DAILY_STAT_COLUMNS = [
  'calls',
  'received',
  'person',
  'voicemail',
  'successful',
  'booked',
  'transferred',
  'placed',
  'placedPerson',
  'conversations',
  'positive',
  'bookedOrTransferred',
  'placedVoicemail',
  'placedNoAnswer',
  'placedBusy',
  'placedFailed',
  'outcomeInterested',
  'outcomeAppointmentBooked',
  'outcomeCallBackLater',
  'outcomeNotInterested',
  'outcomeWrongNumber',
  'outcomeDoNotCall',
  'talkCalls',
  'talkSeconds',
  'analysed',
  'goalMet',
  'sentimentPositive',
  'sentimentNeutral',
  'sentimentNegative',
  'qualityCalls',
  'responseTurns',
  'calleeInterruptions',
  'agentInterruptions',
  'silences',
  'costCents',
] as const;
export type DailyStatColumn = (typeof DAILY_STAT_COLUMNS)[number];

/** The daily column counting each outcome. */
export const OUTCOME_COLUMNS: Record<CallOutcome, DailyStatColumn> = {
  interested: 'outcomeInterested',
  appointment_booked: 'outcomeAppointmentBooked',
  call_back_later: 'outcomeCallBackLater',
  not_interested: 'outcomeNotInterested',
  wrong_number: 'outcomeWrongNumber',
  do_not_call: 'outcomeDoNotCall',
};

/** The daily column counting each sentiment. */
export const SENTIMENT_COLUMNS: Record<Sentiment, DailyStatColumn> = {
  positive: 'sentimentPositive',
  neutral: 'sentimentNeutral',
  negative: 'sentimentNegative',
};

/** Each aggregate table: its key columns (in primary-key order) and its count columns. */
export const STAT_TABLES = {
  campaign_daily_stats: { keys: ['campaignId', 'day'], counts: DAILY_STAT_COLUMNS },
  campaign_hourly_stats: { keys: ['campaignId', 'day', 'weekday', 'hour'], counts: ['placed', 'answered'] },
  campaign_talk_times: { keys: ['campaignId', 'day', 'seconds'], counts: ['calls'] },
  campaign_response_times: { keys: ['campaignId', 'day', 'bucketMs'], counts: ['turns'] },
  quality_daily_stats: {
    keys: ['day'],
    counts: ['calls', 'turns', 'calleeInterruptions', 'agentInterruptions', 'silences'],
  },
  response_time_days: { keys: ['day', 'bucketMs'], counts: ['turns'] },
} as const;
export type StatTable = keyof typeof STAT_TABLES;
type KeysOf<T extends StatTable> = (typeof STAT_TABLES)[T]['keys'][number];
type CountsOf<T extends StatTable> = (typeof STAT_TABLES)[T]['counts'][number];

/** One row's key and what to add to it; counts left out add nothing. */
export interface StatStep<T extends StatTable> {
  key: Record<KeysOf<T>, number | string>;
  add: Partial<Record<CountsOf<T>, number>>;
}

/** The UTC day a moment falls on, as the aggregates key it: 'YYYY-MM-DD'. */
export const statDay = (at: Date): string => at.toISOString().slice(0, 10);

const keyText = (values: readonly (number | string)[]) => JSON.stringify(values);

/** Steps on the same row merged, in key order; rows that add nothing left out. */
export function mergedSteps<T extends StatTable>(table: T, steps: readonly StatStep<T>[]) {
  const { keys, counts } = STAT_TABLES[table];
  const rows = new Map<string, { key: (number | string)[]; add: number[] }>();
  for (const step of steps) {
    const key = keys.map((k) => (step.key as Record<string, number | string>)[k]!);
    const id = keyText(key);
    const row = rows.get(id) ?? { key, add: counts.map(() => 0) };
    counts.forEach((c, i) => (row.add[i]! += Math.trunc((step.add as Record<string, number>)[c] ?? 0)));
    rows.set(id, row);
  }
  return [...rows.values()]
    .filter((row) => row.add.some((n) => n !== 0))
    .sort((a, b) => {
      for (let i = 0; i < a.key.length; i++) {
        const x = a.key[i]!;
        const y = b.key[i]!;
        if (x !== y) return x < y ? -1 : 1;
      }
      return 0;
    });
}

/** Adds the steps to `table`'s rows in the caller's transaction (see the top of this file). */
export async function addToStats<T extends StatTable>(
  table: T,
  steps: readonly StatStep<T>[],
  transaction: Transaction,
): Promise<void> {
  const rows = mergedSteps(table, steps);
  if (!rows.length) return;
  const { keys, counts } = STAT_TABLES[table];
  const values = rows.map(
    (row) => `(${[...row.key.map((v) => sequelize.escape(v)), ...row.add.map((n) => String(n))].join(', ')})`,
  );
  await sequelize.query(
    `INSERT INTO ${table} (${[...keys, ...counts].join(', ')}) VALUES ${values.join(', ')}
     ON DUPLICATE KEY UPDATE ${counts.map((c) => `${c} = ${c} + VALUES(${c})`).join(', ')}`,
    { transaction },
  );
}
