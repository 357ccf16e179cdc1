import { createRequire } from 'node:module';
import { toE164 } from '@ringcast/shared-types';
import { describe, expect, it } from 'vitest';
import { NANP_AREA_CODES_BY_EXCHANGES, NANP_PREFIXES_LIBRARY_VERSION } from './nanpPrefixes';
import { e164OfCell } from './phoneReader';

const rangesOf = new Map(
  Object.entries(NANP_AREA_CODES_BY_EXCHANGES).flatMap(([ranges, codes]) =>
    codes.split(' ').map((code) => [Number(code), ranges.split(',').map((r) => r.split('-').map(Number))]),
  ),
);
const e164Of = (areaCode: number, exchange: number) =>
  `+1${areaCode}${String(exchange).padStart(3, '0')}4567`;

describe('the North American prefix table', () => {
  it('was generated from the libphonenumber-js installed (else: npx tsx scripts/generate-nanp-prefixes.ts)', () => {
    const sharedRequire = createRequire(new URL('../../../../shared-types/package.json', import.meta.url));
    const { version } = sharedRequire('libphonenumber-js/package.json') as { version: string };
    expect(NANP_PREFIXES_LIBRARY_VERSION).toBe(version);
  });

  it("answers as libphonenumber on every range's edges and on a spread of exchanges of every area code", () => {
    const differences: string[] = [];
    for (let areaCode = 200; areaCode < 1000; areaCode++) {
      const edges = (rangesOf.get(areaCode) ?? []).flatMap(([first, last]) => [
        first - 1,
        first,
        last,
        last + 1,
      ]);
      const spread = Array.from({ length: 20 }, (_, i) => (areaCode * 7 + i * 53) % 1000);
      for (const exchange of [...edges, ...spread].filter((e) => e >= 0 && e < 1000)) {
        const number = e164Of(areaCode, exchange);
        if (e164OfCell(number) !== toE164(number)) differences.push(`${number}: library ${toE164(number)}`);
      }
    }
    expect(differences).toEqual([]);
  });
});
