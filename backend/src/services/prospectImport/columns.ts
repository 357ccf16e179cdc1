import { CallingAreaMemo } from './callingAreaMemo';
import { e164OfCell } from './phoneReader';

/** Where a file keeps each field; phone lists every phone-like column, best first. */
export interface ProspectColumns {
  phone: number[];
  fullName: number | null;
  firstName: number | null;
  lastName: number | null;
  email: number | null;
  /** Where the row says the prospect is, when the file has such columns. */
  timeZone?: number | null;
  state?: number | null;
  zip?: number | null;
}

export interface ProspectRow {
  phoneNumber: string;
  name: string | null;
  email: string | null;
  /** Every zone the number may ring in, and the states whose rules apply, as stored lists. */
  timeZone: string | null;
  state: string | null;
}

/** 'Phone Number ' -> 'phone number'; 'HomePhone' -> 'home phone'; 'E-mail' -> 'e mail'. */
function words(header: string): string {
  return header
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const PHONE_EXACT = new Set([
  'phone',
  'phonenumber',
  'phoneno',
  'phonenum',
  'phone1',
  'telephone',
  'telephonenumber',
  'tel',
  'telno',
  'mobile',
  'mobilenumber',
  'mobilephone',
  'mobileno',
  'cell',
  'cellphone',
  'cellnumber',
  'cellphonenumber',
  'contactnumber',
  'contactphone',
  'primaryphone',
  'number',
  'whatsapp',
  'whatsappnumber',
]);
const PHONE_WORD = /\b(phone|telephone|tel|mobile|cell|cellphone|whatsapp|msisdn)\b/;
const NOT_PHONE =
  /\b(ext|extension|type|fax|country|code|verified|valid|status|carrier|opt|optin|dnc|consent)\b/;
const FULL_NAME = new Set([
  'name',
  'fullname',
  'contactname',
  'customername',
  'clientname',
  'leadname',
  'prospectname',
  'personname',
]);
const FIRST_NAME = new Set(['firstname', 'first', 'givenname', 'fname', 'forename']);
const LAST_NAME = new Set(['lastname', 'last', 'surname', 'familyname', 'lname']);
const NOT_PERSON_NAME =
  /\b(company|business|organization|organisation|org|account|user|username|file|agent|campaign|street|middle|nick|nickname|brand|list)\b/;
const TIME_ZONE = new Set(['timezone', 'tz', 'timezonename', 'iana', 'olsontimezone']);
const STATE = new Set(['state', 'stateprovince', 'stateorprovince', 'statecode', 'province', 'usstate']);
const ZIP = new Set([
  'zip',
  'zipcode',
  'zip5',
  'postalcode',
  'postcode',
  'zippostalcode',
  'postalzipcode',
  'uszip',
  'zipcodeus',
]);
const EMAIL_EXACT = new Set(['email', 'emailaddress', 'mail', 'emailid']);
const NOT_EMAIL = /\b(opt|optin|status|verified|valid|type|consent)\b/;

/** The columns of a header row, or null when it has no phone column (then it is not a header). */
export function detectColumns(header: readonly string[]): ProspectColumns | null {
  const found: ProspectColumns = { phone: [], fullName: null, firstName: null, lastName: null, email: null };
  const phoneScores = new Map<number, number>();
  let fallbackName: number | null = null;
  header.forEach((raw, index) => {
    const spaced = words(raw ?? '');
    const compact = spaced.replace(/ /g, '');
    if (!compact) return;
    if (PHONE_EXACT.has(compact)) phoneScores.set(index, 2);
    else if (PHONE_WORD.test(spaced) && !NOT_PHONE.test(spaced)) phoneScores.set(index, 1);
    else if (TIME_ZONE.has(compact)) found.timeZone ??= index;
    else if (STATE.has(compact)) found.state ??= index;
    else if (ZIP.has(compact)) found.zip ??= index;
    else if (FULL_NAME.has(compact)) found.fullName ??= index;
    else if (FIRST_NAME.has(compact)) found.firstName ??= index;
    else if (LAST_NAME.has(compact)) found.lastName ??= index;
    else if (EMAIL_EXACT.has(compact) || (compact.includes('email') && !NOT_EMAIL.test(spaced)))
      found.email ??= index;
    else if (/\bname\b/.test(spaced) && !NOT_PERSON_NAME.test(spaced)) fallbackName ??= index;
  });
  if (!phoneScores.size) return null;
  found.phone = [...phoneScores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([index]) => index);
  if (found.fullName === null && found.firstName === null && found.lastName === null)
    found.fullName = fallbackName;
  return found;
}

const MAX_NAME = 200;
const MAX_EMAIL = 255;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whitespace other than single spaces: most cells have none, and are only trimmed. */
const UNEVEN_SPACE = /\s\s|[^\S ]/;
const clean = (value: string | undefined) => {
  const text = value ?? '';
  return UNEVEN_SPACE.test(text) ? text.replace(/\s+/g, ' ').trim() : text.trim();
};
const cellAt = (row: readonly string[], index: number | null | undefined) =>
  index === null || index === undefined ? '' : clean(row[index]);

/** What one list's rows have in common, worked out once: their calling areas. */
export interface ListMemos {
  areas: CallingAreaMemo;
}

export const listMemos = (): ListMemos => ({ areas: new CallingAreaMemo() });

/** One data row as a prospect, or null when none of its phone cells holds a valid number. */
export function prospectFromRow(
  row: readonly string[],
  columns: ProspectColumns,
  memos: ListMemos = listMemos(),
): ProspectRow | null {
  let phoneNumber: string | null = null;
  for (const index of columns.phone) {
    phoneNumber = e164OfCell(row[index] ?? '');
    if (phoneNumber) break;
  }
  if (!phoneNumber) return null;
  const first = cellAt(row, columns.firstName);
  const last = cellAt(row, columns.lastName);
  const name = cellAt(row, columns.fullName) || (first && last ? `${first} ${last}` : first || last);
  const email = cellAt(row, columns.email);
  const area = memos.areas.of(phoneNumber, {
    timeZone: cellAt(row, columns.timeZone),
    state: cellAt(row, columns.state),
    zip: cellAt(row, columns.zip),
  });
  return {
    phoneNumber,
    name: name ? name.slice(0, MAX_NAME) : null,
    email: email && email.length <= MAX_EMAIL && EMAIL.test(email) ? email : null,
    timeZone: area.timeZone,
    state: area.state,
  };
}
