import type { Transaction } from 'sequelize';
import { responseBucketOf, type CallAnalysis, type CallQuality } from '@ringcast/shared-types';
import type { CallRecord } from '../../db/models';
import { SENTIMENT_COLUMNS, addToStats, statDay, type DailyStatColumn } from '../analytics/statRows';

/** What the analysis of one call adds to the aggregates. */
export interface AnalysedCall {
  analysis: CallAnalysis | null;
  quality: CallQuality;
  /** The agent's or callee's turns said (system notes left out): two or more make a conversation. */
  spokenTurns: number;
  /** Each of our replies' response time (ms), as measured. */
  responseMs: number[];
}

/**
 * The columns the analysis writes, once per call, in the transaction that sets its `analyzedAt`
 * (migration 0031 says which moment writes which column): the conversation step of the funnel
 * (outbound calls of two turns or more), the analysis, the quality counts and the response-time
 * histograms, the campaign's and the all-campaign ones. A test call feeds none. The day is the
 * call's creation's UTC day, as every aggregate's.
 */
export async function addAnalysisToStats(
  call: Pick<CallRecord, 'campaignId' | 'createdAt' | 'direction' | 'test'>,
  analysed: AnalysedCall,
  transaction: Transaction,
): Promise<void> {
  if (call.test) return;
  const day = statDay(call.createdAt);
  const { analysis, quality } = analysed;
  const add: Partial<Record<DailyStatColumn, number>> = {
    conversations: call.direction !== 'inbound' && analysed.spokenTurns >= 2 ? 1 : 0,
    analysed: analysis ? 1 : 0,
    goalMet: analysis?.successEvaluation.met ? 1 : 0,
    qualityCalls: 1,
    responseTurns: quality.turns,
    calleeInterruptions: quality.calleeInterruptions,
    agentInterruptions: quality.agentInterruptions,
    silences: quality.silences,
  };
  if (analysis) add[SENTIMENT_COLUMNS[analysis.sentiment]] = 1;
  const buckets = analysed.responseMs.map(responseBucketOf);
  // Tables in one order, each in key order (statRows), as every writer of the aggregates.
  await addToStats('campaign_daily_stats', [{ key: { campaignId: call.campaignId, day }, add }], transaction);
  await addToStats(
    'campaign_response_times',
    buckets.map((bucketMs) => ({ key: { campaignId: call.campaignId, day, bucketMs }, add: { turns: 1 } })),
    transaction,
  );
  await addToStats(
    'quality_daily_stats',
    [
      {
        key: { day },
        add: {
          calls: 1,
          turns: quality.turns,
          calleeInterruptions: quality.calleeInterruptions,
          agentInterruptions: quality.agentInterruptions,
          silences: quality.silences,
        },
      },
    ],
    transaction,
  );
  await addToStats(
    'response_time_days',
    buckets.map((bucketMs) => ({ key: { day, bucketMs }, add: { turns: 1 } })),
    transaction,
  );
}
