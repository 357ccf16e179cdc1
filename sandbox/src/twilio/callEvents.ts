import { isTerminal, type StatusEvent, type TerminalStatus } from './call';
import { onCallEnded } from './dialing';
import { statusCallbackParams } from './params';
import { SIP_RESPONSE } from './personas';
import { endRecording } from './recordings';
import type { CallTransition } from './transition';

/**
 * Posts a status callback for `event` when the call asked for it (`completed`, its final status,
 * always does), numbered in the call's sequence.
 */
export function statusEvent(t: CallTransition, event: StatusEvent, at: number): void {
  const { request } = t.call;
  if (!request.statusCallback) return;
  if (event !== 'completed' && !request.statusCallbackEvents.includes(event)) return;
  t.post(request.statusCallback, request.statusCallbackMethod, statusCallbackParams(t.call, event, at), at);
  t.call.sequence++;
}

/** Ends the call with its final status, once: later endings (a hang-up racing the TwiML's end) change nothing. */
export function finish(t: CallTransition, status: TerminalStatus, at: number): boolean {
  const { call } = t;
  if (isTerminal(call.status)) return false;
  call.status = status;
  call.endTime = t.now(at);
  call.sipResponseCode = SIP_RESPONSE[status];
  call.program = null;
  endRecording(t, call.endTime);
  t.clearMain();
  statusEvent(t, 'completed', call.endTime);
  onCallEnded(t, call.endTime);
  return true;
}
