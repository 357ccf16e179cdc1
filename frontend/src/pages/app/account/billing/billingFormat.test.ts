import { describe, expect, it } from 'vitest';
import { cardLabel, dollars, invoicePeriod, planLabel } from './billingFormat';

describe('billing format', () => {
  it('names the card by brand, last four and expiry', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242', expMonth: 3, expYear: 2029 })).toBe(
      'Visa •••• 4242, expires 03/29',
    );
  });

  it('shows dollars from the API strings', () => {
    expect(dollars('170.00')).toBe('$170.00');
    expect(dollars('1234.5')).toBe('$1,234.50');
  });

  it('shows an invoice period, or its date without one', () => {
    expect(
      invoicePeriod('2026-12-06T12:00:00.000Z', '2027-01-06T12:00:00.000Z', '2026-12-06T12:00:00.000Z'),
    ).toContain(' – ');
    expect(invoicePeriod(null, null, '2026-12-06T12:00:00.000Z')).not.toContain(' – ');
  });

  it('describes the plan', () => {
    expect(planLabel(1000, true)).toBe('1,000 calls a month + phone number');
    expect(planLabel(100, false)).toBe('100 calls a month');
  });
});
