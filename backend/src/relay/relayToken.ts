import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../config';

/**
 * The token in a call's relay URL (`/relay/:callId?token=`): `<expiry>.<mac>`, an HMAC over the
 * call id and the expiry with a key derived from SESSION_SECRET, so any api copy can check it and
 * it opens one call's relay for a short while only.
 */
export const RELAY_TOKEN_TTL_SECONDS = 15 * 60;

const macOf = (callId: number, expiresAt: number) =>
  createHmac('sha256', config.relayTokenKey).update(`relay:${callId}:${expiresAt}`).digest('base64url');

export function signRelayToken(
  callId: number,
  ttlSeconds = RELAY_TOKEN_TTL_SECONDS,
  now = Date.now(),
): string {
  const expiresAt = Math.floor(now / 1000) + ttlSeconds;
  return `${expiresAt}.${macOf(callId, expiresAt)}`;
}

export function isValidRelayToken(callId: number, token: string | null, now = Date.now()): boolean {
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(token ?? '');
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt * 1000 <= now) return false;
  const expected = Buffer.from(macOf(callId, expiresAt));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
