import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * Phone numbers, parsed and checked by libphonenumber (Google's numbering plans, through
 * libphonenumber-js; the "min" metadata validates each country's number patterns and keeps the
 * web app small). Numbers are stored and dialled in E.164 (`+12125550100`).
 */

/** Numbers written without a country code are read as US numbers (Ringcast calls from US numbers). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

/** E.164: a plus sign, then up to 15 digits, the first not zero. */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

/** Longer text is not one phone number. */
const MAX_PHONE_TEXT = 40;

/**
 * Fewer than ten digits, without a '+' or a leading 0 (which an international prefix needs): text that
 * can only be read as a national number of the default country, which has ten (US). libphonenumber
 * refuses it by throwing inside, 20-60 µs a cell; prospect lists have their share of such cells.
 */
const SHORT_NATIONAL = /^\(?[1-9](?:[ ().-]*\d){0,8}[ ().-]*$/;

/** What people type in a phone number field: digits with the usual separators. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/**
 * A phone number as people and spreadsheets write it, in E.164, or null when it is not a valid
 * number. Besides national (`(212) 555-0100`) and `+` forms it accepts the `00` international
 * prefix and a country code written without its `+` (`447911123456`), which is how spreadsheets
 * that store numbers as numbers lose it. An extension (`x123`) is dropped.
 */
export function toE164(raw: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const text = raw.trim();
  if (!text || text.length > MAX_PHONE_TEXT) return null;
  if (country === DEFAULT_PHONE_COUNTRY && SHORT_NATIONAL.test(text)) return null;
  const candidates = [text];
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('00')) candidates.push(`+${digits.slice(2)}`);
  else if (!text.includes('+') && digits.length >= 11) candidates.push(`+${digits}`);
  for (const candidate of candidates) {
    const parsed = parsePhoneNumberFromString(candidate, country);
    if (parsed?.isValid()) return parsed.number;
  }
  return null;
}

/** A form's phone field: only digits and separators, and a real number (US unless it starts with +). */
export const isValidPhone = (text: string) => PHONE_CHARACTERS.test(text.trim()) && toE164(text) !== null;

/** Written in E.164 already, and a real number: what Twilio calls a phone number. */
export const isE164Phone = (text: string) => E164_PATTERN.test(text) && toE164(text) === text;

/**
 * A number for people to read: `(212) 555-0100` for a US number, `+44 20 7946 0958` for any
 * other; text that is not a valid number is shown as it is.
 */
export function formatPhone(text: string): string {
  const e164 = toE164(text);
  const parsed = e164 ? parsePhoneNumberFromString(e164) : undefined;
  if (!parsed) return text;
  return parsed.country === DEFAULT_PHONE_COUNTRY ? parsed.formatNational() : parsed.formatInternational();
}

/**
 * The country of a number (ISO 3166 code, `US`, `CA`, `PR`...), or null when it is not a valid
 * number or its country code is shared by no single country (+882 satellite, say). Inside +1 the
 * area code tells the US from Canada and the territories.
 */
export function countryOfPhone(text: string): CountryCode | null {
  const e164 = toE164(text);
  return (e164 && parsePhoneNumberFromString(e164)?.country) || null;
}
