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

/**
 * Twilio's connection overrides (a URL fragment Twilio reads and never sends) asking for a failed
 * callback to be tried again, up to 3 times within Twilio's 15 s for all tries, when:
 * - ct: no connection could be made (an api or the balancer restarting);
 * - 5xx: the balancer answered 502/504 for an api that died or hung mid-request, or an api answered
 *   503 (draining, or Redis out for a moment): another api takes the next try.
 * Not 4xx: a refused signature or an unknown call answers the same on every api. Not rt: Twilio's
 * read timeout is its whole 15 s, so a try after it could never start; the balancer answers 504
 * before that. Only callbacks whose handling is idempotent carry it (a repeat changes nothing and
 * is answered the same): each would otherwise lose a record when an api dies under it.
 */
export const RETRIED_CALLBACK = '#rc=3&rp=ct,5xx';

/**
 * The callbacks that carry RETRIED_CALLBACK: status and AMD (appended to the call events' stream,
 * applied once by sequence number), the relay session's end and the transfer's (stored once,
 * answered the same on a repeat) and the recording's (stored once). The answering TwiML, a key
 * press and the whisper keep Twilio's default (one more try only when no connection was made):
 * the first answer starts the recording, and a pressed 9 writes as it is answered.
 */
const RETRIED_PATHS: ReadonlySet<CallWebhookPath> = new Set([
  'status',
  'amd',
  'relay-ended',
  'transfer-status',
  'recording-status',
]);

export const callWebhookUrl = (callId: number, path: CallWebhookPath) =>
  `${config.publicUrl}/webhooks/twilio/calls/${callId}/${path}${RETRIED_PATHS.has(path) ? RETRIED_CALLBACK : ''}`;

/** The voice URL of the numbers we buy: calls into a campaign's number arrive here. */
export const inboundCallUrl = () => `${config.publicUrl}/webhooks/twilio/inbound`;

/**
 * The status callback of the numbers we buy: an inbound call's final status arrives here, naming
 * the call by its CallSid only (a number's callback cannot carry our call's id); tried again as
 * our calls' status callbacks are.
 */
export const inboundStatusUrl = () => `${config.publicUrl}/webhooks/twilio/inbound/status${RETRIED_CALLBACK}`;

/**
 * The relay WebSocket of one call, for ConversationRelay's `url`: the public address as ws(s),
 * with the call's short-lived token (it names the call and its CallSid, and opens one session).
 */
export const relaySocketUrl = (callId: number, callSid: string) =>
  `${config.publicUrl.replace(/^http/, 'ws').replace(/\/$/, '')}/relay/${callId}?token=${signRelayToken(callId, callSid)}`;
