/** The write of a call's analysis and quality figures, once per call. */
import type { Transaction } from 'sequelize';
import type { AnalysisStatus, CallAnalysis, CallQuality } from '@ringcast/shared-types';
import { execute, sqlValue } from '../../../../db/execute';
import { retriedTransaction } from '../../../../db/deadlockRetry';
import type { CallRecord } from '../../../../db/models';
import { lockCall } from './lifecycle';
import { STAMP, callRecordStamp, keep, stampAfter } from './statement';

export interface CallAnalysisWrite {
  analysis: CallAnalysis | null;
  status: AnalysisStatus;
  quality: CallQuality;
}

/**
 * Stores the call's analysis, its status and its quality figures, once: in one transaction with
 * the call's row locked (step 1 of the lock order), only while `analyzedAt` is null, and then runs
 * `alongside` in the same transaction (the aggregates of that moment, whose rows come after the
 * call's in the lock order, as at settlement). A second run, or a run again after a crash, finds
 * `analyzedAt` set and writes nothing. Answers the call as written, or null when it had been
 * analysed already (or is gone).
 */
export async function storeCallAnalysis(
  callId: number,
  write: CallAnalysisWrite,
  alongside: (call: CallRecord, transaction: Transaction) => Promise<void>,
): Promise<CallRecord | null> {
  return retriedTransaction(async (transaction) => {
    const call = await lockCall(callId, transaction);
    if (!call || call.analyzedAt) return null;
    const now = callRecordStamp();
    const { quality } = write;
    const values = {
      analysisStatus: write.status,
      analyzedAt: now,
      qualityTurns: quality.turns,
      responseP50Ms: quality.responseP50Ms,
      responseP95Ms: quality.responseP95Ms,
      modelFirstTokenP50Ms: quality.modelFirstTokenP50Ms,
      calleeInterruptions: quality.calleeInterruptions,
      agentInterruptions: quality.agentInterruptions,
      silences: quality.silences,
    };
    const sets = Object.entries(values).map(([column, value]) => `${column} = ${sqlValue(value)}`);
    const analysis = write.analysis ? JSON.stringify(write.analysis) : null;
    await execute(
      `UPDATE call_records SET analysis = ${sqlValue(analysis)}, ${sets.join(', ')}, ${STAMP(now)}
        WHERE id = :callId AND analyzedAt IS NULL`,
      { replacements: { callId }, transaction },
    );
    // Through the model's setter, which keeps the analysis as the JSON text the column holds.
    call.analysis = write.analysis;
    keep(call, { ...values, updatedAt: stampAfter(call.updatedAt, now) });
    call.changed('analysis', false);
    await alongside(call, transaction);
    return call;
  });
}
