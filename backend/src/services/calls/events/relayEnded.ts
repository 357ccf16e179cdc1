import { endingOfHandoff, relayHandoffSchema, validateInput, type CallOutcome } from '@ringcast/shared-types';
import { retriedTransaction } from '../../../db/deadlockRetry';
import { logger } from '../../../logger';
import { enqueue } from '../../../queues';
import { announceCall } from '../read';
import { lockCalls, saveLockedCalls } from '../shared';

/** What Twilio's `<Connect action>` request reports when a relay session ends. */
export interface RelayEndReport {
  /** HandoffData: the JSON string of our `end` frame, when we sent one. */
  handoffData?: string;
  sessionSeconds?: number;
}

const HANDOFF_COLUMN_CHARS = 255;

async function readHandoff(callId: number, raw: string | undefined) {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const checked = await validateInput(relayHandoffSchema, parsed ?? {});
  if (parsed === undefined || !checked.ok) {
    logger.warn({ callId, handoffData: raw.slice(0, 200) }, 'relay handoff data not understood');
    return null;
  }
  return { reason: checked.value.reason, outcome: (checked.value.outcome ?? null) as CallOutcome | null };
}

/**
 * The relay session of a call ended: its length and handoff are stored once (a repeated request
 * finds them there), the outcome the handoff names is recorded when the agent had not recorded one,
 * and who ended the call when nobody said yet. Only a call a relay session claimed and that has
 * not settled changes: the request is signed by the call's Twilio account, which a customer with
 * their own account can sign too, and a settled call's outcome and counts never change (the
 * handoff only repeats what the agent recorded during the call). With `passHeldCall`, a call
 * another transaction holds is left alone: 'held'.
 */
export async function recordRelayEnd(
  callId: number,
  report: RelayEndReport,
  { passHeldCall = false } = {},
): Promise<'done' | 'held'> {
  const handoff = await readHandoff(callId, report.handoffData);
  // A deadlock's victim (beside a batch settling the call and its turns being written) runs again:
  // Twilio would otherwise hear a 500 for the relay's end.
  return retriedTransaction(async (transaction) => {
    const locked = await lockCalls([callId], transaction, { passHeld: passHeldCall });
    if (locked.held.size) return 'held';
    const [call] = locked.calls;
    if (!call || call.settledAt || !call.relaySessionKey) return 'done';
    call.relayStartedAt ??= new Date();
    if (call.relaySessionSeconds == null && report.sessionSeconds !== undefined)
      call.relaySessionSeconds = Math.max(0, report.sessionSeconds);
    if (call.relayHandoff == null && report.handoffData)
      call.relayHandoff = report.handoffData.slice(0, HANDOFF_COLUMN_CHARS);
    if (handoff?.outcome && !call.outcome) call.outcome = handoff.outcome;
    const ending = endingOfHandoff(handoff?.reason);
    if (ending && !call.endedBy) Object.assign(call, ending);
    if (!call.changed()) return 'done';
    // Not settled yet: settlement counts the outcome with the rest of the call.
    await saveLockedCalls([call], transaction);
    await announceCall(call, transaction);
    return 'done';
  });
}

/**
 * What the relay-ended webhook does before it answers (Twilio hangs up on that answer): the end is
 * stored at once when its call is free. A batch applying the call's events holds its row for as
 * long as the batch takes, so then the end goes to the worker (`recordRelayEnd` job) instead of
 * keeping the callee on the line and a database connection busy while it waits.
 */
export async function acceptRelayEnd(callId: number, report: RelayEndReport): Promise<void> {
  if ((await recordRelayEnd(callId, report, { passHeldCall: true })) === 'held') {
    await enqueue('recordRelayEnd', { callId, ...report });
  }
}
