import type { CallOutcome } from '@ringcast/shared-types';
import { retriedTransaction } from '../../db/deadlockRetry';
import { CallRecord } from '../../db/models';
import { announceCall, markCampaignChanged } from './announce';
import { recountSuccess } from './callSuccess';

/**
 * Records what a call achieved (the agent's tool, the relay's handoff), under the call's row lock,
 * and counts it at once if the call is already settled. `ifNone`: only when none was recorded yet
 * (the handoff repeats what the agent recorded during the call). Announced after the commit;
 * returns the call when its outcome changed. Run again whole when the database picks it as a
 * deadlock's victim (beside a batch of call events holding the call's campaign).
 */
export async function recordCallOutcome(
  callId: number,
  outcome: CallOutcome,
  { ifNone = false }: { ifNone?: boolean } = {},
): Promise<CallRecord | null> {
  return retriedTransaction(async (transaction) => {
    const call = await CallRecord.findByPk(callId, { transaction, lock: true });
    if (!call || call.outcome === outcome || (ifNone && call.outcome)) return null;
    call.outcome = outcome;
    await call.save({ transaction });
    if (await recountSuccess(call, transaction)) markCampaignChanged(call.campaignId, transaction);
    await announceCall(call, transaction);
    return call;
  });
}
