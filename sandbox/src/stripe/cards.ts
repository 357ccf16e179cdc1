import { CARD_MESSAGES } from '@ringcast/shared-types';
import type { FormObject } from './formBody';
import { formString } from './formBody';

/**
 * Stripe's test payment methods and test card numbers, and what a charge on each does. Pure:
 * the confirm handler turns the verdict into the intent's new state and the answer.
 */
export interface CardFailure {
  code: string;
  message: string;
  declineCode?: string;
  param?: string;
}

export interface SandboxCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type CardVerdict =
  /** The charge goes through. */
  | { kind: 'succeeds'; card: SandboxCard }
  /** The bank said no: the attempt is recorded on the intent (payment_intent.payment_failed). */
  | { kind: 'declined'; card: SandboxCard; failure: CardFailure }
  /** The card details themselves are wrong: nothing is attempted. */
  | { kind: 'invalid'; failure: CardFailure }
  /** Not a payment method Stripe knows (an invalid_request_error, not a card error). */
  | { kind: 'unknown_method'; id: string };

const DECLINES = {
  generic: {
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  insufficientFunds: {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  expired: {
    code: 'expired_card',
    declineCode: 'expired_card',
    message: 'Your card has expired.',
    param: 'exp_month',
  },
  incorrectCvc: {
    code: 'incorrect_cvc',
    declineCode: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
    param: 'cvc',
  },
} satisfies Record<string, CardFailure>;

interface TestCard {
  brand: string;
  /** What charging it does; undefined: it succeeds. */
  decline?: CardFailure;
  /** Saving it (attach, a SetupIntent) succeeds although every charge fails. */
  attachable?: boolean;
}

/** Card numbers from Stripe's testing docs. */
const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '4000000000000002': { brand: 'visa', decline: DECLINES.generic },
  '4000000000009995': { brand: 'visa', decline: DECLINES.insufficientFunds },
  '4000000000000069': { brand: 'visa', decline: DECLINES.expired },
  '4000000000000127': { brand: 'visa', decline: DECLINES.incorrectCvc },
  '4000000000000341': { brand: 'visa', decline: DECLINES.generic, attachable: true },
};

/** Stripe's test PaymentMethod ids, for server-side confirmation. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
};

const TEST_CARD_EXPIRY = { expMonth: 12, expYear: 2034 };

function charge(number: string, expiry: { expMonth: number; expYear: number }): CardVerdict {
  const known = TEST_CARDS[number];
  if (!known) {
    return {
      kind: 'invalid',
      failure: { code: 'incorrect_number', message: CARD_MESSAGES.incorrectNumber, param: 'number' },
    };
  }
  const card = { brand: known.brand, last4: number.slice(-4), ...expiry };
  return known.decline ? { kind: 'declined', card, failure: known.decline } : { kind: 'succeeds', card };
}

/** Whether a card may be saved for later: every test card but those declined at once. */
/** A payment method's `card` as Stripe shows it. */
export const cardDetailsOf = (card: SandboxCard) => ({
  brand: card.brand,
  last4: card.last4,
  exp_month: card.expMonth,
  exp_year: card.expYear,
  funding: 'credit' as const,
  country: 'US' as const,
});

export const attachableCard = (card: SandboxCard) =>
  Object.entries(TEST_CARDS).some(
    ([number, known]) => number.endsWith(card.last4) && (!known.decline || known.attachable),
  );

/** Charges a saved card again: the test card it was saved from decides, as on Stripe. */
export function chargeSavedCard(card: SandboxCard): CardVerdict {
  const number = Object.keys(TEST_CARDS).find((n) => n.endsWith(card.last4));
  return number
    ? charge(number, card)
    : { kind: 'invalid', failure: { code: 'card_declined', message: 'Your card was declined.' } };
}

/** `payment_method=pm_card_visa`, as a server confirms with Stripe's test methods. */
export function chargeTestPaymentMethod(id: string): CardVerdict {
  const number = TEST_PAYMENT_METHODS[id];
  return number ? charge(number, TEST_CARD_EXPIRY) : { kind: 'unknown_method', id };
}

const invalid = (code: string, message: string, param: string): CardVerdict => ({
  kind: 'invalid',
  failure: { code, message, param },
});

/**
 * `payment_method_data[card][number|exp_month|exp_year|cvc]`, as the browser sends raw card
 * details: checked the way Stripe checks them, then charged like the test card it is.
 */
export function chargeCardDetails(data: FormObject, now = new Date()): CardVerdict {
  const number = (formString(data, 'card', 'number') ?? '').replace(/[\s-]/g, '');
  const monthText = (formString(data, 'card', 'exp_month') ?? '').trim();
  const yearText = (formString(data, 'card', 'exp_year') ?? '').trim();
  const cvc = (formString(data, 'card', 'cvc') ?? '').trim();

  if (!number) return invalid('incomplete_number', CARD_MESSAGES.incompleteNumber, 'number');
  if (!/^\d{12,19}$/.test(number))
    return invalid('incorrect_number', CARD_MESSAGES.incorrectNumber, 'number');
  if (!monthText || !yearText) {
    return invalid('incomplete_expiry', CARD_MESSAGES.incompleteExpiry, monthText ? 'exp_year' : 'exp_month');
  }
  const month = Number(monthText);
  if (!/^\d{1,2}$/.test(monthText) || month < 1 || month > 12) {
    return invalid('invalid_expiry_month', CARD_MESSAGES.invalidExpiryMonth, 'exp_month');
  }
  // Two-digit years mean this century, as on Stripe.
  const year = /^\d{2}$/.test(yearText) ? 2000 + Number(yearText) : Number(yearText);
  const thisYear = now.getUTCFullYear();
  if (!/^\d{2}$|^\d{4}$/.test(yearText) || year < thisYear || year > thisYear + 50) {
    return invalid('invalid_expiry_year', CARD_MESSAGES.invalidExpiryYear, 'exp_year');
  }
  if (year === thisYear && month < now.getUTCMonth() + 1) {
    return invalid('invalid_expiry_month', CARD_MESSAGES.invalidExpiryMonth, 'exp_month');
  }
  if (!cvc) return invalid('incomplete_cvc', CARD_MESSAGES.incompleteCvc, 'cvc');
  if (!/^\d{3,4}$/.test(cvc)) return invalid('invalid_cvc', CARD_MESSAGES.invalidCvc, 'cvc');
  return charge(number, { expMonth: month, expYear: year });
}
