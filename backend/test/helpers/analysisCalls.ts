import { QueryTypes } from 'sequelize';
import { normalizedAnalysisFields, type AnalysisFieldType, type CallOutcome } from '@ringcast/shared-types';
import { Campaign, CallRecord, CallTranscriptTurn } from '../../src/db/models';
import { sequelize } from '../../src/db/sequelize';
import { statDay } from '../../src/services/analytics/statRows';
import { answeredCall } from './relay';

/** The fields the analysis tests define: one of each type, and one nothing in a call answers. */
export const ANALYSIS_TEST_FIELDS = normalizedAnalysisFields([
  { name: 'Current provider', description: 'The internet provider they use today', type: 'text' },
  { name: 'Budget', description: 'Their monthly budget in dollars', type: 'number' },
  { name: 'Interested', description: 'Whether they are interested in switching', type: 'yes_no' },
  {
    name: 'Best time',
    description: 'When they prefer to be called',
    type: 'one_of',
    choices: ['Morning', 'Afternoon', 'Evening'],
  },
  { name: 'Call back on', description: 'The day they want to be called back', type: 'date' },
  { name: 'Pets', description: 'Which pets live in the household', type: 'text' },
] satisfies { name: string; description: string; type: AnalysisFieldType; choices?: string[] }[]);

/** A turn as the relay stores it, with the quality figures the relay measures. */
export interface TestTurn {
  speaker: 'agent' | 'callee' | 'system';
  text: string;
  responseMs?: number;
  modelFirstTokenMs?: number;
  talkedOver?: boolean;
  interrupted?: boolean;
  silenceBeforeMs?: number;
}

export const agentSays = (text: string, responseMs?: number, more: Partial<TestTurn> = {}): TestTurn => ({
  speaker: 'agent',
  text,
  ...(responseMs === undefined ? {} : { responseMs }),
  ...more,
});
export const personSays = (text: string, more: Partial<TestTurn> = {}): TestTurn => ({
  speaker: 'callee',
  text,
  ...more,
});

/** An answered call of a campaign with the test fields (or `fields`), with these turns stored. */
export async function callToAnalyse(
  baseUrl: string,
  turns: TestTurn[],
  options: {
    fields?: typeof ANALYSIS_TEST_FIELDS;
    outcome?: CallOutcome;
    test?: boolean;
    direction?: 'outbound' | 'inbound';
    answeredBy?: 'human' | 'machine';
  } = {},
) {
  const owner = await answeredCall(baseUrl);
  await Campaign.update(
    { analysisFields: options.fields ?? ANALYSIS_TEST_FIELDS },
    { where: { id: owner.campaign.id } },
  );
  await CallRecord.update(
    {
      status: 'completed',
      relayStartedAt: new Date(),
      outcome: options.outcome ?? null,
      test: options.test ?? false,
      direction: options.direction ?? 'outbound',
      answeredBy: options.answeredBy ?? 'human',
    },
    { where: { id: owner.call.id } },
  );
  await CallTranscriptTurn.bulkCreate(
    turns.map((turn, seq) => ({
      callRecordId: owner.call.id,
      seq,
      offsetMs: seq * 2000,
      interrupted: false,
      ...turn,
    })),
  );
  const call = (await CallRecord.findByPk(owner.call.id))!;
  return { ...owner, call, day: statDay(call.createdAt) };
}

type Row = Record<string, number>;
const numbers = (row: Record<string, unknown> | undefined): Row =>
  Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));

/** The aggregates the analysis writes for a campaign's day, and the all-campaign ones of that day. */
export async function analysisAggregates(campaignId: number, day: string) {
  const one = async (sql: string) =>
    numbers(
      (
        await sequelize.query<Record<string, unknown>>(sql, {
          replacements: { campaignId, day },
          type: QueryTypes.SELECT,
        })
      )[0],
    );
  const buckets = async (sql: string) =>
    Object.fromEntries(
      (
        await sequelize.query<{ bucketMs: number; turns: number }>(sql, {
          replacements: { campaignId, day },
          type: QueryTypes.SELECT,
        })
      ).map((r) => [Number(r.bucketMs), Number(r.turns)]),
    );
  return {
    daily: await one(
      `SELECT conversations, analysed, goalMet, sentimentPositive, sentimentNeutral, sentimentNegative,
              qualityCalls, responseTurns, calleeInterruptions, agentInterruptions, silences
         FROM campaign_daily_stats WHERE campaignId = :campaignId AND day = :day`,
    ),
    responseTimes: await buckets(
      'SELECT bucketMs, turns FROM campaign_response_times WHERE campaignId = :campaignId AND day = :day',
    ),
    quality: await one(
      `SELECT calls, turns, calleeInterruptions, agentInterruptions, silences
         FROM quality_daily_stats WHERE day = :day`,
    ),
    allResponseTimes: await buckets('SELECT bucketMs, turns FROM response_time_days WHERE day = :day'),
  };
}

/** What changed between two readings of analysisAggregates, counts that did not change left out. */
export function aggregatesMoved(
  before: Awaited<ReturnType<typeof analysisAggregates>>,
  after: Awaited<ReturnType<typeof analysisAggregates>>,
) {
  const diff = (a: Record<string | number, number>, b: Record<string | number, number>) =>
    Object.fromEntries(
      Object.keys({ ...a, ...b })
        .map((k) => [k, (b[k] ?? 0) - (a[k] ?? 0)] as const)
        .filter(([, n]) => n !== 0),
    );
  return {
    daily: diff(before.daily, after.daily),
    responseTimes: diff(before.responseTimes, after.responseTimes),
    quality: diff(before.quality, after.quality),
    allResponseTimes: diff(before.allResponseTimes, after.allResponseTimes),
  };
}
