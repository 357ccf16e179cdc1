import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/** Numbers written without a country code are read as US numbers (Ringcast calls from US numbers). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

const MAX_PHONE_TEXT = 40;

/**
 * A phone number as written in a spreadsheet cell, in E.164 (`+12125550100`), or null when it is
 * not a valid number. Besides national and `+` forms it accepts the `00` international prefix and
 * a country code written without its `+` (`447911123456`), which is how spreadsheets that store
 * numbers as numbers lose it.
 */
export function normalisePhone(raw: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const text = raw.trim();
  if (!text || text.length > MAX_PHONE_TEXT) return null;
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
