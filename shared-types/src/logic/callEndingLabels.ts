import type { CallEndedBy, CallEndedReason } from '../domain/call';

/** Who ended a call, as the call's screens and exports name them. */
export const CALL_ENDED_BY_LABELS: Record<CallEndedBy, string> = {
  agent: 'The agent',
  callee: 'The prospect',
  system: 'The system',
};

/** Why a call ended, in words a customer reads. */
export const CALL_ENDED_REASON_LABELS: Record<CallEndedReason, string> = {
  callee_hangup: 'the prospect hung up',
  agent_hangup: 'the agent ended the call',
  voicemail: 'a voicemail answered',
  no_answer: 'no one answered',
  busy: 'the line was busy',
  failed: 'the call failed',
  max_duration: 'the time limit was reached',
  silence_timeout: 'the line stayed silent',
  canceled: 'the call was canceled',
  error: 'something went wrong',
  transferred: 'the call was transferred to a person',
};

/**
 * "The prospect: the prospect hung up" reads twice, so the reason alone stands when it already
 * names who ended the call; null while the call has not ended.
 */
export function callEndingLabelOf(call: {
  endedBy: CallEndedBy | null;
  endedReason: CallEndedReason | null;
}): string | null {
  const { endedBy, endedReason } = call;
  if (!endedBy && !endedReason) return null;
  if (!endedReason) return `Ended by ${CALL_ENDED_BY_LABELS[endedBy!].toLowerCase()}`;
  const reason = CALL_ENDED_REASON_LABELS[endedReason];
  const sentence = reason.charAt(0).toUpperCase() + reason.slice(1);
  if (!endedBy || REASON_NAMES_WHO[endedReason] === endedBy) return sentence;
  return `${CALL_ENDED_BY_LABELS[endedBy]} ended the call: ${reason}`;
}

// Reasons whose words already say who ended the call.
const REASON_NAMES_WHO: Partial<Record<CallEndedReason, CallEndedBy>> = {
  callee_hangup: 'callee',
  agent_hangup: 'agent',
  transferred: 'agent',
};
