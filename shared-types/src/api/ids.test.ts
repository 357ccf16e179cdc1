import { describe, expect, it } from 'vitest';
import { idParamSchema } from './ids';

describe('idParamSchema', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('reads %j as %d', (param, id) => {
    expect(idParamSchema.validateSync(param)).toBe(id);
  });

  // Number() would accept most of these: an exponent, hex, spaces, a sign, a fraction.
  it.each(['', '0', '-1', '+1', '1.0', '1e3', '0x10', ' 12', '12 ', '012', 'abc', '9007199254740993'])(
    'refuses %j',
    (param) => {
      expect(() => idParamSchema.validateSync(param)).toThrow();
    },
  );

  it('refuses a missing parameter', () => {
    expect(() => idParamSchema.validateSync(undefined)).toThrow();
  });
});
