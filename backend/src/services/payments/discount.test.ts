import { describe, expect, it } from 'vitest';
import { discountCents, discountedAmountCents, STRIPE_MINIMUM_CHARGE_CENTS } from './discount';

const percent = (percent_off: number) => ({ percent_off, amount_off: null });
const fixed = (amount_off: number) => ({ percent_off: null, amount_off });

describe('coupon discounts', () => {
  it('takes a percentage, rounded to the cent', () => {
    expect(discountedAmountCents(67_000, percent(10))).toBe(60_300);
    expect(discountCents(25_005, percent(10))).toBe(2501); // 2500.5 rounds up
    expect(discountCents(33_333, percent(12.5))).toBe(4167);
    expect(discountedAmountCents(25_000, percent(100))).toBe(STRIPE_MINIMUM_CHARGE_CENTS);
  });

  it('takes a fixed amount in cents', () => {
    expect(discountedAmountCents(67_000, fixed(5000))).toBe(62_000);
    expect(discountedAmountCents(25_000, fixed(5000))).toBe(20_000);
  });

  it('never goes below Stripe’s minimum charge', () => {
    expect(discountedAmountCents(25_000, fixed(30_000))).toBe(50);
    expect(discountedAmountCents(25_000, fixed(24_990))).toBe(50);
  });

  it('leaves the amount alone without a coupon', () => {
    expect(discountedAmountCents(25_000, null)).toBe(25_000);
    expect(discountedAmountCents(25_000, { percent_off: null, amount_off: null })).toBe(25_000);
  });
});
