import { toE164 } from '@ringcast/shared-types';
import { describe, expect, it } from 'vitest';
import { callingAreaOf, storedCallingArea, zipCallingAreaOf } from '../calls/dispatch';
import { detectColumns, listMemos, prospectFromRow } from './columns';
import { e164OfCell } from './phoneReader';

/** A small deterministic generator, so a failure names a row that can be run again. */
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % below;
  };
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** Every way of writing a North American number the table answers, and one it passes on to toE164. */
const WRITINGS = [
  (a: string, e: string, l: string) => `(${a}) ${e}-${l}`,
  (a: string, e: string, l: string) => `${a}-${e}-${l}`,
  (a: string, e: string, l: string) => `${a}${e}${l}`,
  (a: string, e: string, l: string) => `+1 ${a} ${e} ${l}`,
  (a: string, e: string, l: string) => `1-${a}-${e}-${l}`,
  (a: string, e: string, l: string) => `(${a}) ${e}-${l} x12`,
];

describe('e164OfCell', () => {
  it('answers what toE164 answers, for every area code and many exchanges, however written', () => {
    const next = numbers(41);
    const differences: string[] = [];
    for (let area = 200; area <= 999; area++) {
      for (let exchange = next(50); exchange < 1000; exchange += 100 + next(50)) {
        for (const line of ['0000', pad(next(10_000), 4), '9999']) {
          for (const write of WRITINGS) {
            const text = write(String(area), pad(exchange, 3), line);
            const expected = toE164(text);
            if (e164OfCell(text) !== expected) differences.push(`${text} -> ${expected}`);
          }
        }
      }
    }
    expect(differences).toEqual([]);
  }, 60_000);

  it('passes anything else on to toE164', () => {
    const others = [
      '',
      '0',
      '555-01',
      '12345',
      '(212) 555',
      '1-800',
      '9',
      '0116831234',
      '00 683 1234',
      '+44 20 7946 0958',
      '447911123456',
      '(212) 555-010',
      '001 212 555 0100',
    ];
    for (const text of [...others, '+1(212)555-0100', '212.555.0100', ' 12125550100 '])
      expect(e164OfCell(text)).toBe(toE164(text));
  });
});

const clean = (value: string) => value.replace(/\s+/g, ' ').trim();

/** The calling area as each row worked it out before it was remembered per place. */
function rowByRow([phone, timeZone, state, zip]: string[]) {
  const phoneNumber = toE164(phone);
  if (!phoneNumber) return null;
  const hints = { timeZone: clean(timeZone), state: clean(state), zip: zipCallingAreaOf(clean(zip)) };
  return storedCallingArea(callingAreaOf(phoneNumber, hints));
}

describe('prospectFromRow with one list memo', () => {
  it('stores the zones and states each row had on its own, byte for byte, over a varied list', () => {
    const columns = detectColumns(['Phone', 'Time Zone', 'State', 'Zip'])!;
    const memos = listMemos();
    const next = numbers(7);
    // Split and overlaid codes, per-exchange zones (208, 310), territories, Canada, plain ones.
    const areas = ['212', '850', '208', '310', '405', '787', '340', '671', '604', '907', '808', '915', '605'];
    const zones = ['', '', 'America/Chicago', 'America/Denver', 'Not/AZone', ' America/Phoenix '];
    const states = ['', '', 'TX', 'Florida', 'fl.', 'ZZ'];
    const zips = ['', '', '94110', '32501', '2134', '00901', '96910', '12345-6789', 'n/a', '99999'];
    const differences: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const phone = `(${areas[next(areas.length)]}) ${pad(200 + next(800), 3)}-${pad(next(10_000), 4)}`;
      const row = [phone, zones[next(zones.length)], states[next(states.length)], zips[next(zips.length)]];
      const expected = rowByRow(row);
      const prospect = prospectFromRow(row, columns, memos);
      const actual = prospect && { timeZone: prospect.timeZone, state: prospect.state };
      if (JSON.stringify(actual) !== JSON.stringify(expected))
        differences.push(`${row.join('|')}: ${JSON.stringify(actual)} != ${JSON.stringify(expected)}`);
    }
    expect(differences).toEqual([]);
  });
});
