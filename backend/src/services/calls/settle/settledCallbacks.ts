import { callResultOf, RETRYABLE_RESULTS } from '@ringcast/shared-types';
import type { CallRecord } from '../../../db/models';
import type { PromisedCall, UnansweredCallback } from '../../callbacks';

type Settled = { call: CallRecord; placed: boolean }[];

/** Placed calls whose callee asked to be called back, with the time the agent recorded. */
export const promisedCalls = (settled: Settled): PromisedCall[] =>
  settled
    .filter(({ call, placed }) => placed && call.prospectId && call.outcome === 'call_back_later')
    .filter(({ call }) => call.callbackRequestedFor)
    .map(({ call }) => ({
      callId: call.id,
      userId: call.userId,
      campaignId: call.campaignId,
      prospectId: call.prospectId!,
      requestedFor: new Date(call.callbackRequestedFor!),
      result: callResultOf(call),
    }));

/** Calls placed to keep a promise that found nobody (busy, no answer). */
export const unansweredCallbacks = (settled: Settled): UnansweredCallback[] =>
  settled
    .filter(({ call, placed }) => placed && call.prospectId && call.callbackId)
    .filter(({ call }) => RETRYABLE_RESULTS.includes(callResultOf(call) ?? ''))
    .map(({ call }) => ({
      callbackId: call.callbackId!,
      campaignId: call.campaignId,
      prospectId: call.prospectId!,
      // By the dialer's clock, as the calling rules are judged.
      calledAt: new Date(call.queuedAt ?? call.dialedAt ?? call.createdAt),
      result: callResultOf(call),
    }));
