import { config } from '../config';
import { signRelayToken } from '../relay/relayToken';

/** Where Twilio reaches us about one call: every callback names our call id in its path. */
export const CALL_WEBHOOK_PATHS = [
  'status',
  'amd',
  'twiml',
  'gather',
  'relay-ended',
  'transfer-status',
  'whisper',
  'recording-status',
] as const;
export type CallWebhookPath = (typeof CALL_WEBHOOK_PATHS)[number];

export const callWebhookUrl = (callId: number, path: CallWebhookPath) =>
  `${config.publicUrl}/webhooks/twilio/calls/${callId}/${path}`;

/** The voice URL of the numbers we buy: calls into a campaign's number arrive here. */
export const inboundCallUrl = () => `${config.publicUrl}/webhooks/twilio/inbound`;

/**
 * The status callback of the numbers we buy: an inbound call's final status arrives here, naming
 * the call by its CallSid only (a number's callback cannot carry our call's id).
 */
export const inboundStatusUrl = () => `${config.publicUrl}/webhooks/twilio/inbound/status`;

/**
 * The relay WebSocket of one call, for ConversationRelay's `url`: the public address as ws(s),
 * with the call's short-lived token (it names the call and its CallSid, and opens one session).
 */
export const relaySocketUrl = (callId: number, callSid: string) =>
  `${config.publicUrl.replace(/^http/, 'ws').replace(/\/$/, '')}/relay/${callId}?token=${signRelayToken(callId, callSid)}`;
