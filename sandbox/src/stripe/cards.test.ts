import { describe, expect, it } from 'vitest';
import { chargeCardDetails, chargeTestPaymentMethod } from './cards';

const NOW = new Date('2026-06-15T12:00:00Z');
const card = (details: Record<string, string>) =>
  chargeCardDetails(
    {
      type: 'card',
      card: { number: '4242424242424242', exp_month: '12', exp_year: '2030', cvc: '123', ...details },
    },
    NOW,
  );

describe('Stripe test payment methods', () => {
  it('succeeds with pm_card_visa and declines pm_card_chargeDeclined', () => {
    expect(chargeTestPaymentMethod('pm_card_visa')).toMatchObject({
      kind: 'succeeds',
      card: { brand: 'visa', last4: '4242' },
    });
    expect(chargeTestPaymentMethod('pm_card_chargeDeclined')).toMatchObject({
      kind: 'declined',
      failure: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
    });
    expect(chargeTestPaymentMethod('pm_123')).toEqual({ kind: 'unknown_method', id: 'pm_123' });
  });
});

describe('card details from the browser', () => {
  it('charges the test numbers, spaces allowed', () => {
    expect(card({ number: '4242 4242 4242 4242' }).kind).toBe('succeeds');
    expect(card({ number: '4000 0000 0000 0002' })).toMatchObject({
      kind: 'declined',
      failure: { code: 'card_declined' },
    });
    expect(card({ number: '4000000000009995' })).toMatchObject({
      kind: 'declined',
      failure: { declineCode: 'insufficient_funds' },
    });
  });

  it('calls any other number incorrect', () => {
    for (const number of ['4111111111111111', '1234', 'abcd abcd abcd abcd']) {
      expect(card({ number })).toMatchObject({
        kind: 'invalid',
        failure: { code: 'incorrect_number', param: 'number' },
      });
    }
    expect(card({ number: '' })).toMatchObject({ kind: 'invalid', failure: { code: 'incomplete_number' } });
  });

  it('checks the expiry date against today', () => {
    expect(card({ exp_month: '6', exp_year: '2026' }).kind).toBe('succeeds');
    expect(card({ exp_month: '5', exp_year: '2026' })).toMatchObject({
      failure: { code: 'invalid_expiry_month' },
    });
    expect(card({ exp_year: '2025' })).toMatchObject({ failure: { code: 'invalid_expiry_year' } });
    expect(card({ exp_year: '30' }).kind).toBe('succeeds');
    expect(card({ exp_month: '0' })).toMatchObject({ failure: { code: 'invalid_expiry_month' } });
    expect(card({ exp_month: '' })).toMatchObject({ failure: { code: 'incomplete_expiry' } });
  });

  it('needs a 3 or 4 digit security code', () => {
    expect(card({ cvc: '' })).toMatchObject({
      failure: { code: 'incomplete_cvc', message: "Your card's security code is incomplete." },
    });
    expect(card({ cvc: '12' })).toMatchObject({ failure: { code: 'invalid_cvc' } });
    expect(card({ cvc: '1234' }).kind).toBe('succeeds');
  });
});
