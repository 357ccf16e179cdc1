import type { CallEventPayload } from '@ringcast/shared-types';

/**
 * A placed call's final status callback, as the webhook accepts it: by default `completed` with
 * sequence number 3 (after initiated, ringing, in-progress).
 */
export const finalStatusEvent = (
  call: { id: number; providerCallSid?: string | null },
  accountSid: string,
  { callStatus = 'completed', callDuration = 30, sequenceNumber = 3 } = {},
): CallEventPayload => ({
  callId: call.id,
  kind: 'status',
  callSid: call.providerCallSid!,
  accountSid,
  sequenceNumber,
  callStatus,
  callDuration,
});
