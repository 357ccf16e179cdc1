import { rfc2822 } from './clock';
import { directionOf, isTerminal, type SandboxCall, type StatusEvent } from './call';

export const API_VERSION = '2010-04-01';

/** The parameters Twilio sends with every request about a call (TwiML fetches, callbacks). */
export function standardParams(call: SandboxCall): Record<string, string> {
  return {
    AccountSid: call.accountSid,
    ApiVersion: API_VERSION,
    CallSid: call.sid,
    CallStatus: call.status,
    Called: call.to,
    CalledCountry: 'US',
    Caller: call.from,
    CallerCountry: 'US',
    Direction: directionOf(call),
    From: call.from,
    FromCountry: 'US',
    To: call.to,
    ToCountry: 'US',
    ...(call.parentCallSid ? { ParentCallSid: call.parentCallSid } : {}),
    ...(call.answeredBy ? { AnsweredBy: call.answeredBy } : {}),
  };
}

/** Seconds from answer to hang-up, rounded up; 0 for a call nobody answered. */
export function talkSeconds(call: SandboxCall): number {
  if (call.answeredAt === null || call.endTime === null) return 0;
  return Math.ceil((call.endTime - call.answeredAt) / 1000);
}

/** Twilio bills answered calls per started minute. */
export const billedMinutes = (call: SandboxCall) =>
  call.answeredAt === null ? 0 : Math.max(1, Math.ceil(talkSeconds(call) / 60));

/**
 * A status callback's fields: the standard ones, the event's status, its place in the call's
 * sequence and time, and on the final event the durations and SIP code.
 */
export function statusCallbackParams(
  call: SandboxCall,
  event: StatusEvent,
  at: number,
): Record<string, string> {
  const callStatus = event === 'initiated' ? 'initiated' : call.status;
  const final = isTerminal(call.status)
    ? {
        CallDuration: String(talkSeconds(call)),
        ...(call.status === 'completed' ? { Duration: String(billedMinutes(call)) } : {}),
        ...(call.sipResponseCode ? { SipResponseCode: String(call.sipResponseCode) } : {}),
      }
    : {};
  return {
    ...standardParams(call),
    CallStatus: callStatus,
    CallbackSource: 'call-progress-events',
    SequenceNumber: String(call.sequence),
    Timestamp: rfc2822(at),
    ...final,
  };
}
