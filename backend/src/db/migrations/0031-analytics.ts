import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';
import { localTimeAt, shownTimeZone, WEEKDAYS } from '@ringcast/shared-types';

/**
 * Post-call analysis, campaign analytics and conversation quality (issue 39).
 *
 * Campaigns: `analysisFields` (JSON in TEXT, as transferDestinations; null: none).
 * Call records: the analysis (JSON in TEXT), its status and time, and the call's quality figures,
 * with `call_records_response` for the admins' slowest calls.
 * Transcript turns: each reply's response and model times, whether it talked over the callee, and
 * the silence before a turn.
 *
 * The aggregates the analytics read, kept as calls settle and are analysed (never by scanning
 * call records on a page view). Days are UTC days of the call's creation (the dashboard's, DESIGN
 * decision 7); test calls count nowhere.
 * - campaign_daily_stats: one row per campaign and day, every count and sum.
 * - campaign_hourly_stats: outbound calls by the prospect's local weekday (0 = Sunday, 7 = zone
 *   unknown) and hour, for the heat map.
 * - campaign_talk_times: calls answered by a person, by length in whole seconds (an exact median).
 * - campaign_response_times: our replies by response time, in 10 ms buckets.
 * - quality_daily_stats and response_time_days: the same quality figures across all campaigns,
 *   for the admins' Overview.
 * The calls already settled are counted into the settlement's columns here (backfillSettledCalls).
 */
// Signed: a later change (an outcome taken back) is added as a negative step in the same statement.
const count = () => ({ type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 });
const campaignKey = () => ({
  type: DataTypes.INTEGER.UNSIGNED,
  allowNull: false,
  primaryKey: true,
  references: { model: 'campaigns', key: 'id' },
  onDelete: 'CASCADE',
});
const dayKey = () => ({ type: DataTypes.DATEONLY, allowNull: false, primaryKey: true });
const smallKey = () => ({ type: DataTypes.TINYINT.UNSIGNED, allowNull: false, primaryKey: true });

const DAILY_STAT_COLUMNS = [
  // Every counted call, both directions (the dashboard's and the campaign card's).
  'calls',
  'received',
  'person',
  'voicemail',
  'successful',
  'booked',
  'transferred',
  // Outbound: the funnel and what is beside it.
  'placed',
  'placedPerson',
  'conversations',
  'positive',
  'bookedOrTransferred',
  'placedVoicemail',
  'placedNoAnswer',
  'placedBusy',
  'placedFailed',
  // Outcomes, both directions.
  'outcomeInterested',
  'outcomeAppointmentBooked',
  'outcomeCallBackLater',
  'outcomeNotInterested',
  'outcomeWrongNumber',
  'outcomeDoNotCall',
  // Talk time of calls answered by a person.
  'talkCalls',
  'talkSeconds',
  // Analysis.
  'analysed',
  'goalMet',
  'sentimentPositive',
  'sentimentNeutral',
  'sentimentNegative',
  // Quality.
  'qualityCalls',
  'responseTurns',
  'calleeInterruptions',
  'agentInterruptions',
  'silences',
] as const;

const callColumns = {
  analysis: { type: DataTypes.TEXT, allowNull: true },
  analysisStatus: { type: DataTypes.STRING(8), allowNull: true },
  analyzedAt: { type: DataTypes.DATE(3), allowNull: true },
  qualityTurns: { type: DataTypes.SMALLINT.UNSIGNED, allowNull: true },
  responseP50Ms: { type: DataTypes.INTEGER.UNSIGNED, allowNull: true },
  responseP95Ms: { type: DataTypes.INTEGER.UNSIGNED, allowNull: true },
  modelFirstTokenP50Ms: { type: DataTypes.INTEGER.UNSIGNED, allowNull: true },
  calleeInterruptions: { type: DataTypes.SMALLINT.UNSIGNED, allowNull: true },
  agentInterruptions: { type: DataTypes.SMALLINT.UNSIGNED, allowNull: true },
  silences: { type: DataTypes.SMALLINT.UNSIGNED, allowNull: true },
};

const turnColumns = {
  responseMs: { type: DataTypes.INTEGER.UNSIGNED, allowNull: true },
  modelFirstTokenMs: { type: DataTypes.INTEGER.UNSIGNED, allowNull: true },
  talkedOver: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
  silenceBeforeMs: { type: DataTypes.INTEGER.UNSIGNED, allowNull: true },
};

export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.addColumn('campaigns', 'analysisFields', { type: DataTypes.TEXT, allowNull: true });
  for (const [name, column] of Object.entries(callColumns)) await qi.addColumn('call_records', name, column);
  await qi.addIndex('call_records', ['responseP95Ms'], { name: 'call_records_response' });
  for (const [name, column] of Object.entries(turnColumns))
    await qi.addColumn('call_transcript_turns', name, column);

  await qi.createTable('campaign_daily_stats', {
    campaignId: campaignKey(),
    day: dayKey(),
    ...Object.fromEntries(DAILY_STAT_COLUMNS.map((c) => [c, count()])),
    costCents: { type: DataTypes.BIGINT, allowNull: false, defaultValue: 0 },
  });
  await qi.createTable('campaign_hourly_stats', {
    campaignId: campaignKey(),
    day: dayKey(),
    weekday: smallKey(),
    hour: smallKey(),
    placed: count(),
    answered: count(),
  });
  await qi.createTable('campaign_talk_times', {
    campaignId: campaignKey(),
    day: dayKey(),
    seconds: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false, primaryKey: true },
    calls: count(),
  });
  await qi.createTable('campaign_response_times', {
    campaignId: campaignKey(),
    day: dayKey(),
    bucketMs: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false, primaryKey: true },
    turns: count(),
  });
  await qi.createTable('quality_daily_stats', {
    day: dayKey(),
    calls: count(),
    turns: count(),
    calleeInterruptions: count(),
    agentInterruptions: count(),
    silences: count(),
  });
  await qi.createTable('response_time_days', {
    day: dayKey(),
    bucketMs: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false, primaryKey: true },
    turns: count(),
  });
  await backfillSettledCalls(qi);
}

/** Calls per backfill statement: ids in ranges this wide. */
const BACKFILL_IDS = 50_000;
// The settlement's rule (services/analytics/contribution.ts contributionOf) as it was written, in
// SQL of its own so this migration keeps meaning what it did: a counted call is settled, not a
// test, and placed; a person answered when it completed without a machine.
const COUNTED = `r.test = 0 AND r.settledAt IS NOT NULL AND (r.status <> 'canceled' OR r.dialedAt IS NOT NULL)
  AND r.status IN ('completed', 'busy', 'no_answer', 'failed', 'canceled')`;
const PERSON = `(r.status = 'completed' AND (r.answeredBy IS NULL OR r.answeredBy <> 'machine'))`;
const OUTBOUND = `r.direction <> 'inbound'`;
const POSITIVE = `(${OUTBOUND} AND ${PERSON} AND r.successful = 1)`;
const BOOKED = `(r.appointmentId IS NOT NULL AND r.outcome = 'appointment_booked')`;
const TRANSFERRED = `(r.transferStatus = 'connected')`;
const DAY = `DATE_FORMAT(r.createdAt, '%Y-%m-%d')`;
const DAILY_SUMS: Record<string, string> = {
  calls: 'COUNT(*)',
  received: `SUM(r.direction = 'inbound')`,
  person: `SUM(${PERSON})`,
  voicemail: `SUM(r.status = 'completed' AND r.answeredBy = 'machine')`,
  successful: 'SUM(r.successful = 1)',
  booked: `SUM(${BOOKED})`,
  transferred: `SUM(${TRANSFERRED})`,
  placed: `SUM(${OUTBOUND})`,
  placedPerson: `SUM(${OUTBOUND} AND ${PERSON})`,
  positive: `SUM(${POSITIVE})`,
  bookedOrTransferred: `SUM(${POSITIVE} AND (${BOOKED} OR ${TRANSFERRED}))`,
  placedVoicemail: `SUM(${OUTBOUND} AND r.status = 'completed' AND r.answeredBy = 'machine')`,
  placedNoAnswer: `SUM(${OUTBOUND} AND r.status = 'no_answer')`,
  placedBusy: `SUM(${OUTBOUND} AND r.status = 'busy')`,
  placedFailed: `SUM(${OUTBOUND} AND r.status = 'failed')`,
  outcomeInterested: `SUM(r.outcome <=> 'interested')`,
  outcomeAppointmentBooked: `SUM(r.outcome <=> 'appointment_booked')`,
  outcomeCallBackLater: `SUM(r.outcome <=> 'call_back_later')`,
  outcomeNotInterested: `SUM(r.outcome <=> 'not_interested')`,
  outcomeWrongNumber: `SUM(r.outcome <=> 'wrong_number')`,
  outcomeDoNotCall: `SUM(r.outcome <=> 'do_not_call')`,
  talkCalls: `SUM(${PERSON})`,
  talkSeconds: `SUM(IF(${PERSON}, GREATEST(r.durationSeconds, 0), 0))`,
  costCents: 'SUM(ROUND(r.cost * 100))',
};
const added = (columns: string[]) => columns.map((c) => `${c} = ${c} + VALUES(${c})`).join(', ');

/** A prospect's heat-map cell at a moment: its shown zone's weekday and hour; 7, 0 with none. */
function cellOf(timeZone: string | null, at: Date): [number, number] {
  const zone = timeZone ? shownTimeZone(timeZone.split(',')) : null;
  if (!zone) return [7, 0];
  try {
    const local = localTimeAt(at, zone);
    return [WEEKDAYS.indexOf(local.weekday), Math.floor(local.minute / 60)];
  } catch {
    return [7, 0];
  }
}

/**
 * The calls settled before the aggregates existed, in id ranges: the daily sums and talk times in
 * SQL; the heat map grouped by prospect zone and quarter hour (every zone's offset is a multiple of
 * 15 minutes, so a quarter hour falls on one local hour), each group placed on its zone's clock here.
 */
export async function backfillSettledCalls(qi: QueryInterface) {
  const db = qi.sequelize;
  const [range] = await db.query<{ first: number | null; last: number | null }>(
    'SELECT MIN(id) AS first, MAX(id) AS last FROM call_records',
    { type: QueryTypes.SELECT },
  );
  if (!range?.first) return;
  const dailyColumns = Object.keys(DAILY_SUMS);
  for (let from = Number(range.first); from <= Number(range.last); from += BACKFILL_IDS) {
    const replacements = { from, to: from + BACKFILL_IDS - 1 };
    const batch = `r.id BETWEEN :from AND :to AND ${COUNTED}`;
    await db.query(
      `INSERT INTO campaign_daily_stats (campaignId, day, ${dailyColumns.join(', ')})
       SELECT r.campaignId, ${DAY}, ${Object.values(DAILY_SUMS)
         .map((sum) => `COALESCE(${sum}, 0)`)
         .join(', ')}
         FROM call_records r WHERE ${batch} GROUP BY r.campaignId, ${DAY} ORDER BY r.campaignId, ${DAY}
       ON DUPLICATE KEY UPDATE ${added(dailyColumns)}`,
      { replacements },
    );
    await db.query(
      `INSERT INTO campaign_talk_times (campaignId, day, seconds, calls)
       SELECT r.campaignId, ${DAY}, GREATEST(r.durationSeconds, 0), COUNT(*)
         FROM call_records r WHERE ${batch} AND ${PERSON}
        GROUP BY r.campaignId, ${DAY}, GREATEST(r.durationSeconds, 0)
       ON DUPLICATE KEY UPDATE ${added(['calls'])}`,
      { replacements },
    );
    const groups = await db.query<{
      campaignId: number;
      day: string;
      timeZone: string | null;
      quarter: number;
      placed: number;
      answered: number;
    }>(
      `SELECT r.campaignId, ${DAY} AS day, p.timeZone,
              TIMESTAMPDIFF(MINUTE, '1970-01-01', COALESCE(r.queuedAt, r.createdAt)) DIV 15 AS quarter,
              COUNT(*) AS placed, COALESCE(SUM(${PERSON}), 0) AS answered
         FROM call_records r LEFT JOIN prospects p ON p.id = r.prospectId
        WHERE ${batch} AND ${OUTBOUND}
        GROUP BY r.campaignId, day, p.timeZone, quarter`,
      { replacements, type: QueryTypes.SELECT },
    );
    const cells = new Map<string, [number, string, number, number, number, number]>();
    for (const g of groups) {
      const [weekday, hour] = cellOf(g.timeZone, new Date(Number(g.quarter) * 15 * 60_000));
      const key = `${g.campaignId}|${g.day}|${weekday}|${hour}`;
      const cell = cells.get(key) ?? [Number(g.campaignId), g.day, weekday, hour, 0, 0];
      cell[4] += Number(g.placed);
      cell[5] += Number(g.answered);
      cells.set(key, cell);
    }
    const rows = [...cells.values()];
    for (let i = 0; i < rows.length; i += 1000)
      await db.query(
        `INSERT INTO campaign_hourly_stats (campaignId, day, weekday, hour, placed, answered)
         VALUES ${rows
           .slice(i, i + 1000)
           .map((row) => `(${row.map((v) => db.escape(v)).join(', ')})`)
           .join(', ')}
         ON DUPLICATE KEY UPDATE ${added(['placed', 'answered'])}`,
      );
  }
}

export async function down({ context: qi }: { context: QueryInterface }) {
  for (const table of [
    'response_time_days',
    'quality_daily_stats',
    'campaign_response_times',
    'campaign_talk_times',
    'campaign_hourly_stats',
    'campaign_daily_stats',
  ])
    await qi.dropTable(table);
  for (const name of Object.keys(turnColumns).reverse()) await qi.removeColumn('call_transcript_turns', name);
  await qi.removeIndex('call_records', 'call_records_response');
  for (const name of Object.keys(callColumns).reverse()) await qi.removeColumn('call_records', name);
  await qi.removeColumn('campaigns', 'analysisFields');
}
