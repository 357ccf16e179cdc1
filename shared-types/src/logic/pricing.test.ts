import { describe, expect, it } from 'vitest';
import { callCostCents, formatDollars, VOLUME_CHOICES, volumeSavingsCents } from './pricing';

describe('callCostCents', () => {
  it.each([
    [0, 0],
    [1, 80],
    [100, 8000],
    [2000, 160000],
    [2001, 160060],
    [5000, 340000],
    [5001, 340050],
    [10000, 590000],
  ])('%i calls cost %i cents', (calls, cents) => {
    expect(callCostCents(calls)).toBe(cents);
  });

  it('labels the volume step as the design says', () => {
    expect(VOLUME_CHOICES.map((v) => formatDollars(callCostCents(v)))).toEqual([
      '$80',
      '$200',
      '$400',
      '$800',
      '$1,600',
      '$2,200',
      '$3,400',
      '$5,900',
    ]);
  });

  it('ignores negative and fractional volumes', () => {
    expect(callCostCents(-5)).toBe(0);
    expect(callCostCents(2.9)).toBe(160);
  });
});

describe('volumeSavingsCents', () => {
  it('is zero up to 2,000 calls and grows above', () => {
    expect(volumeSavingsCents(2000)).toBe(0);
    expect(volumeSavingsCents(2001)).toBe(20);
    expect(volumeSavingsCents(5000)).toBe(60000);
  });
});
