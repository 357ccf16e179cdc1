import { describe, expect, it } from 'vitest';
import {
  formatCardNumber,
  formatCvc,
  formatExpiry,
  readSandboxCard,
  SANDBOX_TEST_CARDS,
} from './sandboxCard';

const now = new Date(2025, 5, 15); // June 2025

describe('sandbox card input', () => {
  it('groups the number by four, inserts the expiry slash and keeps digits only', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('12/345')).toBe('12/34');
    expect(formatCvc('12a34 5')).toBe('1234');
  });

  it('reads both test cards into what the sandbox is sent', () => {
    expect(
      readSandboxCard({ number: SANDBOX_TEST_CARDS.succeeds, expiry: '06/25', cvc: '123' }, now),
    ).toEqual({
      ok: true,
      card: { number: '4242424242424242', expMonth: 6, expYear: 2025, cvc: '123' },
    });
    const declined = readSandboxCard(
      { number: SANDBOX_TEST_CARDS.declined, expiry: '12/30', cvc: '1234' },
      now,
    );
    expect(declined.ok && declined.card.number).toBe('4000000000000002');
  });

  it("refuses what Stripe's card field refuses, with its messages", () => {
    expect(readSandboxCard({ number: '', expiry: '', cvc: '' }, now)).toEqual({
      ok: false,
      errors: {
        number: 'Your card number is incomplete.',
        expiry: "Your card's expiration date is incomplete.",
        cvc: "Your card's security code is incomplete.",
      },
    });
    const bad = readSandboxCard({ number: '4242 4242 4242 4241', expiry: '13/30', cvc: '12' }, now);
    expect(bad).toMatchObject({
      ok: false,
      errors: { number: 'Your card number is invalid.', expiry: "Your card's expiration month is invalid." },
    });
    expect(
      readSandboxCard({ number: SANDBOX_TEST_CARDS.succeeds, expiry: '05/25', cvc: '123' }, now),
    ).toEqual({
      ok: false,
      errors: { expiry: "Your card's expiration date is in the past." },
    });
  });
});
