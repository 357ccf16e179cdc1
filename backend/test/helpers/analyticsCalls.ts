import type { CallOutcome, TransferStatus } from '@ringcast/shared-types';
import { retriedTransaction } from '../../src/db/deadlockRetry';
import { lockCalls } from '../../src/services/calls/shared';
import { CallRecord, type Campaign } from '../../src/db/models';
import { settleCalls } from '../../src/services/calls/settle';

/** What a test call ends as; everything else is a plain outbound call answered by nobody yet. */
export interface EndedCall {
  createdAt: Date;
  /** When the dialer queued it, on its own clock (the heat map's moment); none by default. */
  queuedAt?: Date;
  status: 'completed' | 'busy' | 'no_answer' | 'failed' | 'canceled';
  answeredBy?: 'human' | 'machine' | 'unknown' | null;
  durationSeconds?: number;
  direction?: 'outbound' | 'inbound';
  prospectId?: number | null;
  outcome?: CallOutcome | null;
  appointmentId?: number | null;
  transferStatus?: TransferStatus | null;
  /** The agent's session began (its outcome then judges success). */
  reachedAgent?: boolean;
  test?: boolean;
  /** The relay session holding the call, which may still record an outcome after it settled. */
  sessionKey?: string;
  /** Canceled before it rang: placed never. */
  dialed?: boolean;
}

let numbers = 0;

/**
 * Calls created on their day, then ended and settled together through settleCalls under their row
 * locks, as a batch of call events settles them: the aggregates see what production writes.
 */
export async function settledCalls(campaign: Campaign, ended: readonly EndedCall[]): Promise<CallRecord[]> {
  return (await dialedCalls(campaign, ended))();
}

/** The calls being dialed, and the settlement of their ends (to run later, alongside others). */
export async function dialedCalls(campaign: Campaign, ended: readonly EndedCall[]) {
  const created = await CallRecord.bulkCreate(
    ended.map((e) => ({
      campaignId: campaign.id,
      userId: campaign.userId,
      prospectId: e.prospectId ?? null,
      direction: e.direction ?? 'outbound',
      test: e.test ?? false,
      // Each its own attempt: a prospect's attempts are unique per campaign.
      attempt: (numbers % 60_000) + 1,
      toNumber: `+1212555${String(numbers++ % 10_000).padStart(4, '0')}`,
      status: 'dialing' as const,
      createdAt: e.createdAt,
      updatedAt: e.createdAt,
      queuedAt: e.queuedAt ?? null,
    })),
  );
  return () => settleEnded(created, ended);
}

/** Run again whole should the database pick it as a deadlock's victim, as the event batches are. */
function settleEnded(created: readonly CallRecord[], ended: readonly EndedCall[]): Promise<CallRecord[]> {
  return retriedTransaction(async (transaction) => {
    const { calls: locked } = await lockCalls(
      created.map((c) => c.id),
      transaction,
    );
    locked.forEach((call, i) => {
      const e = ended[i]!;
      const answered = e.status === 'completed';
      const startedAt = answered ? new Date(e.createdAt.getTime() + 5_000) : null;
      Object.assign(call, {
        status: e.status,
        answeredBy: answered ? (e.answeredBy === undefined ? 'human' : e.answeredBy) : null,
        durationSeconds: e.durationSeconds ?? 0,
        dialedAt: e.dialed === false ? null : e.createdAt,
        startedAt,
        endedAt: new Date(e.createdAt.getTime() + 5_000 + (e.durationSeconds ?? 0) * 1000),
        outcome: e.outcome ?? null,
        appointmentId: e.appointmentId ?? null,
        transferStatus: e.transferStatus ?? null,
        relayStartedAt: e.reachedAgent ? startedAt : null,
        relaySessionKey: e.sessionKey ?? null,
      });
    });
    await settleCalls(locked, transaction);
    return locked;
  });
}
