import { describe, expect, it } from 'vitest';
import { couponAppliedText, couponDiscountText } from './couponText';

const coupon = (overrides: Partial<Parameters<typeof couponAppliedText>[0]>) => ({
  id: 'WELCOME10',
  name: 'Welcome 10%',
  percent_off: null,
  amount_off: null,
  ...overrides,
});

describe('coupon texts', () => {
  it('names the coupon with its percent or dollar amount off (amount_off is in cents)', () => {
    expect(couponAppliedText(coupon({ percent_off: 10 }))).toBe('Welcome 10%: 10% off');
    expect(couponAppliedText(coupon({ name: 'Spring', amount_off: 2500 }))).toBe('Spring: $25.00 off');
    expect(couponDiscountText(coupon({ amount_off: 2550 }))).toBe('$25.50 off');
  });

  it('falls back to the id without a name, and to "Discount applied" without an amount', () => {
    expect(couponAppliedText(coupon({ name: null, percent_off: 15 }))).toBe('WELCOME10: 15% off');
    expect(couponAppliedText(coupon({}))).toBe('Discount applied');
  });
});
