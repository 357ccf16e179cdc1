import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../config';

/**
 * The token in a call's relay URL (`/relay/:callId?token=`): `<expiry>.<CallSid>.<mac>`, an HMAC
 * over the call id, Twilio's CallSid for it and the expiry with a key derived from SESSION_SECRET,
 * so any api copy can check it. It names one call as Twilio knows it, for a short while; the
 * upgrade then checks that call's row (relayClaim.ts), and the first session claims the call, so
 * a token opens one session at most.
 */
export const RELAY_TOKEN_TTL_SECONDS = 15 * 60;

const TOKEN = /^(\d{1,12})\.([A-Za-z0-9]{1,64})\.([\w-]{43})$/;

const macOf = (callId: number, callSid: string, expiresAt: number) =>
  createHmac('sha256', config.relayTokenKey)
    .update(`relay:${callId}:${callSid}:${expiresAt}`)
    .digest('base64url');

export function signRelayToken(
  callId: number,
  callSid: string,
  ttlSeconds = RELAY_TOKEN_TTL_SECONDS,
  now = Date.now(),
): string {
  const expiresAt = Math.floor(now / 1000) + ttlSeconds;
  return `${expiresAt}.${callSid}.${macOf(callId, callSid, expiresAt)}`;
}

/** The CallSid a valid, unexpired token for this call names; null for any other token. */
export function relayTokenCallSid(callId: number, token: string | null, now = Date.now()): string | null {
  const match = TOKEN.exec(token ?? '');
  if (!match) return null;
  const expiresAt = Number(match[1]);
  const callSid = match[2]!;
  if (expiresAt * 1000 <= now) return null;
  const expected = Buffer.from(macOf(callId, callSid, expiresAt));
  const given = Buffer.from(match[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? callSid : null;
}
