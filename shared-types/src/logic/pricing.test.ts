import { describe, expect, it } from 'vitest';
import {
  callCostCents,
  campaignCosts,
  checkoutTotalCents,
  VOLUME_CHOICES,
  volumeSavingsCents,
} from './pricing';
import { formatCents } from './money';

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
    expect(VOLUME_CHOICES.map((v) => formatCents(callCostCents(v), { dropZeroCents: true }))).toEqual([
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

describe('checkoutTotalCents', () => {
  it('adds the list once to the first month: purchase + 500 calls + number = $670', () => {
    expect(
      checkoutTotalCents({ hasProvidedList: false, monthlyCallVolume: 500, useProvidedNumber: true }),
    ).toBe(67000);
  });

  it('charges nothing for the own list and nothing for the own number', () => {
    expect(
      checkoutTotalCents({ hasProvidedList: true, monthlyCallVolume: 1000, useProvidedNumber: false }),
    ).toBe(80000);
    expect(
      checkoutTotalCents({ hasProvidedList: true, monthlyCallVolume: 10000, useProvidedNumber: true }),
    ).toBe(592000);
  });

  it('never goes below the $250 minimum', () => {
    expect(
      checkoutTotalCents({ hasProvidedList: true, monthlyCallVolume: 100, useProvidedNumber: false }),
    ).toBe(25000);
    expect(
      checkoutTotalCents({ hasProvidedList: true, monthlyCallVolume: 250, useProvidedNumber: true }),
    ).toBe(25000);
    expect(
      checkoutTotalCents({ hasProvidedList: null, monthlyCallVolume: null, useProvidedNumber: null }),
    ).toBe(25000);
    expect(
      checkoutTotalCents({ hasProvidedList: true, monthlyCallVolume: 500, useProvidedNumber: false }),
    ).toBe(40000);
  });
});

describe('campaignCosts', () => {
  it('splits the one-time setup from the monthly costs', () => {
    expect(
      campaignCosts({ hasProvidedList: false, monthlyCallVolume: 3000, useProvidedNumber: true }),
    ).toEqual({
      prospectListCents: 25000,
      callsMonthlyCents: 220000,
      phoneNumberMonthlyCents: 2000,
      setupTotalCents: 25000,
      monthlyTotalCents: 222000,
    });
    expect(
      campaignCosts({ hasProvidedList: true, monthlyCallVolume: null, useProvidedNumber: false }),
    ).toEqual({
      prospectListCents: 0,
      callsMonthlyCents: 0,
      phoneNumberMonthlyCents: 0,
      setupTotalCents: 0,
      monthlyTotalCents: 0,
    });
  });
});
