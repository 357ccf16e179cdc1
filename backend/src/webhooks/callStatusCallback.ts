import { acceptCallEvent } from '../services/calls/events';

/** A whole number from a form field, or undefined when the field is absent or not a number. */
export const int = (value: string | undefined) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? Math.trunc(n) : undefined;
};

/**
 * Hands a verified status callback of one of our calls to the worker that applies it: the same
 * reading of Twilio's fields whether the callback named our call in its path (calls we place) or
 * was found by its CallSid (calls to a campaign's number).
 */
export async function acceptStatusCallback(
  call: { id: number; accountSid: string },
  fields: Record<string, string>,
): Promise<void> {
  await acceptCallEvent({
    callId: call.id,
    kind: 'status',
    callSid: fields.CallSid,
    accountSid: call.accountSid,
    sequenceNumber: int(fields.SequenceNumber) ?? 0,
    callStatus: fields.CallStatus,
    callDuration: int(fields.CallDuration),
    sipResponseCode: int(fields.SipResponseCode),
    timestamp: fields.Timestamp,
  });
}
