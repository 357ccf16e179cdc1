import { timingSafeEqual } from 'node:crypto';
import twilio from 'twilio';

/** Form fields as Twilio posts them; a repeated field arrives as an array. */
export type TwilioParams = Record<string, string | string[]>;

/**
 * Whether `X-Twilio-Signature` is Twilio's signature of this request: HMAC-SHA1 with the auth
 * token of the account that placed the call, over the exact URL Twilio requested (our PUBLIC_URL
 * plus the path and query, never the Host header) and the form fields.
 */
export function isValidTwilioSignature(
  authToken: string,
  signatureHeader: string | undefined,
  url: string,
  params: TwilioParams,
): boolean {
  if (!signatureHeader) return false;
  // The URL as we were called at is what Twilio signs: one HMAC. The SDK's check tries the URL
  // without and with its port first (two, and parses it twice), then normalised forms; it stays
  // the answer for any request that does not match as is.
  const expected = Buffer.from(twilio.getExpectedTwilioSignature(authToken, url, params));
  const given = Buffer.from(signatureHeader);
  if (expected.length === given.length && timingSafeEqual(expected, given)) return true;
  return twilio.validateRequest(authToken, signatureHeader, url, params);
}

/** The signature Twilio would send with this request (tests post webhooks with it). */
export const signTwilioRequest = (authToken: string, url: string, params: TwilioParams): string =>
  twilio.getExpectedTwilioSignature(authToken, url, params);
