import type { CallOutcome } from '@ringcast/shared-types';
import { retriedTransaction } from '../../../db/deadlockRetry';
import { CallRecord } from '../../../db/models';
import { lockCall, saveLockedCalls } from '../shared';
import { announceCall, markCampaignChanged } from '../read';
import { recountSuccess } from './callSuccess';
import { queueLeadAlerts } from '../../notifications';
import { queueCallWebhooks } from '../../webhooks';

/**
 * Whether an outcome may still be written: always before the call settles; after, only by the
 * relay session holding the call (its last tool call can land just after the final status). A
 * settled call's outcome never changes otherwise.
 */
export const outcomeOpenTo = (call: CallRecord, sessionKey: string | null | undefined) =>
  !call.settledAt || (Boolean(sessionKey) && call.relaySessionKey === sessionKey);

/**
 * Records what a call achieved (the agent's tool), under the call's row lock, and counts it at
 * once if the call is already settled (only the session holding it, `sessionKey`, can then).
 * `ifNone`: only when none was recorded yet. Announced after the commit; returns the call when its
 * outcome changed. Run again whole when the database picks it as a deadlock's victim (beside a
 * batch of call events holding the call's campaign).
 */
export async function recordCallOutcome(
  callId: number,
  outcome: CallOutcome,
  { ifNone = false, sessionKey = null }: { ifNone?: boolean; sessionKey?: string | null } = {},
): Promise<CallRecord | null> {
  return retriedTransaction(async (transaction) => {
    const call = await lockCall(callId, transaction);
    if (!call || !outcomeOpenTo(call, sessionKey)) return null;
    if (call.outcome === outcome || (ifNone && call.outcome)) return null;
    call.outcome = outcome;
    await saveLockedCalls([call], transaction);
    if (await recountSuccess(call, transaction)) markCampaignChanged(call.campaignId, transaction);
    await announceCall(call, transaction);
    // An outcome landing just after the call settled: its lead alert was not asked for at settling.
    queueLeadAlerts([call], transaction);
    queueCallWebhooks([call], transaction);
    return call;
  });
}
