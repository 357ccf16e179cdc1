import { AREA_CODES } from '@ringcast/shared-types';
import { describe, expect, it } from 'vitest';
import { AREA_CODE_WITHOUT_NUMBERS, isAreaCode } from './numbers';

describe('sandbox numbers', () => {
  it('leave one of the wizard’s area codes without numbers, so "none available" can be tried', () => {
    expect(AREA_CODES.map((a) => a.code)).toContain(AREA_CODE_WITHOUT_NUMBERS);
  });

  it('take North American area codes only', () => {
    expect(['907', '212', '808'].every(isAreaCode)).toBe(true);
    expect(['123', '07', '9070', 'abc'].some(isAreaCode)).toBe(false);
  });
});
