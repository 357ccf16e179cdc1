import { toE164 } from '@ringcast/shared-types';

/**
 * A North American number written one of the usual ways: '(212) 555-0100', '212-555-0100',
 * '212.555.0100', '2125550100', '+1 212 555 0100', '1-212-555-0100'. Groups: the area code (in
 * brackets or not), the exchange, the line.
 */
const NORTH_AMERICAN = /^(?:\+1|1)?[ .-]?(?:\(([2-9]\d\d)\)|([2-9]\d\d))[ .-]?(\d{3})[ .-]?(\d{4})$/;
/** Area codes 200-999 and exchanges 000-999: one slot per six-digit prefix. */
const PREFIXES = 800 * 1000;
const UNKNOWN = 0;
const VALID = 1;
const INVALID = 2;

/**
 * toE164 for the cells of one list, with what libphonenumber answers for a North American number
 * remembered by its area code and exchange. Its +1 numbering plans decide validity by those six
 * digits alone (every pattern ends in four free digits), and toE164 takes ten microseconds a
 * number, twice what reading the whole row costs; a list's numbers share a few thousand prefixes.
 * One answer serves every way of writing (national, '1', '+1', brackets): for all 800,000 area
 * codes and exchanges the library answers the same whichever is used (checked once, and for a
 * sample of them by the memo's test). It is remembered only when it is the number itself in E.164;
 * anything else is asked of toE164.
 */
export class PhoneReader {
  private answers = new Uint8Array(PREFIXES);

  e164Of(raw: string): string | null {
    const text = raw.trim();
    const match = NORTH_AMERICAN.exec(text);
    if (!match) return toE164(text);
    const [, bracketed, plain, exchange, line] = match;
    const areaCode = bracketed ?? plain;
    const slot = (Number(areaCode) - 200) * 1000 + Number(exchange);
    const e164 = `+1${areaCode}${exchange}${line}`;
    const known = this.answers[slot];
    if (known !== UNKNOWN) return known === VALID ? e164 : null;
    const answer = toE164(text);
    if (answer === e164) this.answers[slot] = VALID;
    else if (answer === null) this.answers[slot] = INVALID;
    return answer;
  }
}
