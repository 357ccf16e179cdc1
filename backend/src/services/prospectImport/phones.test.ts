import { describe, expect, it } from 'vitest';
import { normalisePhone } from './phones';

describe('normalisePhone', () => {
  it('reads US numbers without a country code as +1', () => {
    expect(normalisePhone('(212) 555-0100')).toBe('+12125550100');
    expect(normalisePhone('212.555.0199')).toBe('+12125550199');
    expect(normalisePhone('2125550100')).toBe('+12125550100');
    expect(normalisePhone(' 1 (415) 555 2671 ')).toBe('+14155552671');
    expect(normalisePhone('212-555-0100 x123')).toBe('+12125550100');
  });

  it('keeps international numbers in E.164', () => {
    expect(normalisePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('0044 7911 123456')).toBe('+447911123456');
    expect(normalisePhone('447911123456')).toBe('+447911123456');
  });

  it('drops what is not a valid number', () => {
    for (const bad of ['', '   ', '555-0100', '12345', '+1 999 555 0100', 'call me', 'n/a', '1'.repeat(50)]) {
      expect(normalisePhone(bad), bad).toBeNull();
    }
  });
});
