import type { Transaction } from 'sequelize';
import type { CallOutcome } from '@ringcast/shared-types';
import { retriedTransaction } from '../../../db/deadlockRetry';
import { CallRecord } from '../../../db/models';
import { lockCall, saveLockedCalls } from '../shared';
import { announceCall, markCampaignChanged } from '../read';
import { recountSuccess } from './callSuccess';
import { promisedCalls } from './settledCallbacks';
import { scheduleCallbacks } from '../../callbacks';
import { sequelize } from '../../../db/sequelize';
import { queueLeadAlerts } from '../../notifications';
import { queueCallWebhooks } from '../../webhooks';
import { countedFactsOf, moveSettledCall } from '../../analytics/settled';

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
 * `ifNone`: only when none was recorded yet. `appointmentId`: the booking an `appointment_booked`
 * outcome made (book_appointment records both). Announced after the commit; returns the call when
 * its outcome changed. Run again whole when the database picks it as a deadlock's victim (beside a
 * batch of call events holding the call's campaign).
 */
export async function recordCallOutcome(
  callId: number,
  outcome: CallOutcome,
  {
    ifNone = false,
    sessionKey = null,
    callbackAt = null,
    callbackNote = null,
    appointmentId,
  }: {
    ifNone?: boolean;
    sessionKey?: string | null;
    callbackAt?: string | null;
    /** `call_back_later`: the message left with it (kept when a repeat brings none). */
    callbackNote?: string | null;
    appointmentId?: number;
  } = {},
): Promise<CallRecord | null> {
  return retriedTransaction(async (transaction) => {
    const call = await lockCall(callId, transaction);
    if (!call || !outcomeOpenTo(call, sessionKey)) return null;
    // `call_back_later` keeps the time asked for until the call settles (then the callback is written).
    const requestedFor = outcome === 'call_back_later' && callbackAt ? new Date(callbackAt) : null;
    const sameTime = (call.callbackRequestedFor?.getTime() ?? null) === (requestedFor?.getTime() ?? null);
    const sameAppointment = appointmentId === undefined || call.appointmentId === appointmentId;
    const note = outcome === 'call_back_later' ? callbackNote?.trim().slice(0, 500) || null : null;
    const sameNote = !note || call.callbackNote === note;
    if ((call.outcome === outcome && sameTime && sameAppointment && sameNote) || (ifNone && call.outcome))
      return null;
    const before = call.settledAt ? countedFactsOf(call) : null;
    call.outcome = outcome;
    if (appointmentId !== undefined) call.appointmentId = appointmentId;
    if (outcome === 'call_back_later') call.callbackRequestedFor = requestedFor;
    if (note) call.callbackNote = note;
    await saveLockedCalls([call], transaction);
    if (call.settledAt) await scheduleLateCallback(call, transaction);
    if (await recountSuccess(call, transaction)) markCampaignChanged(call.campaignId, transaction);
    // The analytics' aggregates follow the settled record: its old counts out, its new ones in.
    if (before) await moveSettledCall(before, call, transaction);
    await announceCall(call, transaction);
    // An outcome landing just after the call settled: its lead alert was not asked for at settling.
    queueLeadAlerts([call], transaction);
    queueCallWebhooks([call], transaction);
    return call;
  });
}

/**
 * A promise to call back recorded just after its call settled (the session's last tool call): the
 * prospect, done with at settling, is scheduled for it now and counted as left again.
 */
async function scheduleLateCallback(call: CallRecord, transaction: Transaction) {
  const moved = await scheduleCallbacks(promisedCalls([{ call, placed: true }]), transaction, 'done');
  if (!moved.get(call.campaignId)?.length) return;
  await sequelize.query('UPDATE campaigns SET prospectsRemaining = prospectsRemaining + 1 WHERE id = :id', {
    replacements: { id: call.campaignId },
    transaction,
  });
}
