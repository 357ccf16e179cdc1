import crypto from 'node:crypto';

/** A new signing secret: `whsec_` and 32 random bytes, as the owner pastes it into their receiver. */
export const newWebhookSecret = () => `whsec_${crypto.randomBytes(32).toString('base64url')}`;

/** A new event id: `evt_` and 24 random characters, unguessable and unique. */
export const newWebhookEventId = () => `evt_${crypto.randomBytes(18).toString('base64url')}`;

/**
 * `Ringcast-Signature`, as Stripe signs: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 * with the endpoint's whole secret as the key. The time inside the signed text lets a receiver
 * refuse an old request replayed.
 */
export function signatureHeader(secret: string, rawBody: string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = crypto.createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
