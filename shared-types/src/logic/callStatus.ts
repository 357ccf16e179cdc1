import { FINAL_CALL_STATUSES, type CallStatus } from '../domain/call';

/** Twilio's CallStatus values (telephony.md §2.2) as ours. `queued` at Twilio is already dialing for us. */
export const TWILIO_CALL_STATUS: Readonly<Record<string, CallStatus>> = {
  queued: 'dialing',
  initiated: 'dialing',
  ringing: 'ringing',
  'in-progress': 'in_progress',
  completed: 'completed',
  busy: 'busy',
  'no-answer': 'no_answer',
  failed: 'failed',
  canceled: 'canceled',
};

const RANK: Record<CallStatus, number> = {
  queued: 0,
  dialing: 1,
  ringing: 2,
  in_progress: 3,
  completed: 4,
  busy: 4,
  no_answer: 4,
  failed: 4,
  canceled: 4,
};

export const isFinalCallStatus = (status: CallStatus) =>
  (FINAL_CALL_STATUSES as readonly CallStatus[]).includes(status);

/**
 * Callbacks arrive out of order and more than once: a status only moves forward, and a final one
 * is final. Answers the status to store, or null when the incoming one changes nothing.
 */
export function advanceCallStatus(current: CallStatus, incoming: CallStatus): CallStatus | null {
  if (isFinalCallStatus(current)) return null;
  return RANK[incoming] > RANK[current] ? incoming : null;
}
