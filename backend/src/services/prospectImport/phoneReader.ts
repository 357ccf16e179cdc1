import { toE164 } from '@ringcast/shared-types';
import { NANP_AREA_CODES_BY_EXCHANGES } from './nanpPrefixes';

/**
 * A North American number written one of the usual ways: '(212) 555-0100', '212-555-0100',
 * '212.555.0100', '2125550100', '+1 212 555 0100', '1-212-555-0100'. Groups: the area code (in
 * brackets or not), the exchange, the line.
 */
const NORTH_AMERICAN = /^(?:\+1|1)?[ .-]?(?:\(([2-9]\d\d)\)|([2-9]\d\d))[ .-]?(\d{3})[ .-]?(\d{4})$/;

/** Area codes 200-999 and exchanges 000-999: a slot per six-digit prefix. */
const slotOf = (areaCode: number, exchange: number) => (areaCode - 200) * 1000 + exchange;

/** One bit per prefix, set where libphonenumber holds its numbers valid (100 KB). */
const VALID_PREFIXES = (() => {
  const bits = new Uint8Array((800 * 1000) / 8);
  for (const [ranges, codes] of Object.entries(NANP_AREA_CODES_BY_EXCHANGES))
    for (const areaCode of codes.split(' '))
      for (const range of ranges.split(',')) {
        const [first, last] = range.split('-').map(Number);
        for (let exchange = first; exchange <= last; exchange++) {
          const slot = slotOf(Number(areaCode), exchange);
          bits[slot >> 3] |= 1 << (slot & 7);
        }
      }
  return bits;
})();

/**
 * A list's phone cell in E.164, or null when it holds no valid number: what toE164 answers. A North
 * American number written one of the usual ways is looked up by its area code and exchange
 * (nanpPrefixes.ts) instead: toE164 took 15-30 µs a number, more than the rest of its row. The
 * table serves every way of writing: for all 800,000 prefixes libphonenumber answers the same for
 * national, '1', '+1' and bracketed forms (checked once; the memo's test checks a sample).
 */
export function e164OfCell(raw: string): string | null {
  const text = raw.trim();
  const match = NORTH_AMERICAN.exec(text);
  if (!match) return toE164(text);
  const [, bracketed, plain, exchange, line] = match;
  const areaCode = bracketed ?? plain;
  const slot = slotOf(Number(areaCode), Number(exchange));
  return VALID_PREFIXES[slot >> 3] & (1 << (slot & 7)) ? `+1${areaCode}${exchange}${line}` : null;
}
