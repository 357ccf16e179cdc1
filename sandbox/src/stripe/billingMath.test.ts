import { describe, expect, it } from 'vitest';
import type { SandboxPrice } from './prices';
import { tieredAmount } from './prices';
import { addMonth } from './subscriptionStore';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('billing periods', () => {
  it('keeps the anchor day, using the last day of shorter months', () => {
    const anchor = at('2027-01-31T09:30:00Z');
    const feb = addMonth(anchor, anchor);
    expect(iso(feb)).toBe('2027-02-28T09:30:00.000Z');
    expect(iso(addMonth(feb, anchor))).toBe('2027-03-31T09:30:00.000Z');
    expect(iso(addMonth(at('2027-12-15T00:00:00Z'), at('2027-12-15T00:00:00Z')))).toBe(
      '2028-01-15T00:00:00.000Z',
    );
  });
});

describe('tiered prices', () => {
  const price = (mode: 'graduated' | 'volume') =>
    ({
      tiers_mode: mode,
      tiers: [
        {
          up_to: 10,
          unit_amount: 80,
          flat_amount: null,
          flat_amount_decimal: null,
          unit_amount_decimal: '80',
        },
        {
          up_to: null,
          unit_amount: 60,
          flat_amount: 100,
          flat_amount_decimal: '100',
          unit_amount_decimal: '60',
        },
      ],
    }) as unknown as SandboxPrice;

  it('bills each unit at its tier’s rate when graduated, with a tier’s flat amount once it is reached', () => {
    expect(tieredAmount(price('graduated'), 0)).toBe(0);
    expect(tieredAmount(price('graduated'), 10)).toBe(800);
    expect(tieredAmount(price('graduated'), 12)).toBe(800 + 100 + 120);
  });

  it('bills every unit at the reached tier’s rate in volume mode', () => {
    expect(tieredAmount(price('volume'), 12)).toBe(12 * 60 + 100);
    expect(tieredAmount(price('volume'), 5)).toBe(400);
  });
});
