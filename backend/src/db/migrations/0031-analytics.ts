import { DataTypes, type QueryInterface } from 'sequelize';

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
