import { CARD_MESSAGES } from '@ringcast/shared-types';
import type { SandboxCard } from '../../../api/stripeSandbox';

/**
 * The sandbox's test cards (Stripe's own test numbers): one succeeds, one is declined, and one is
 * saved as a card on file but every charge on it fails (a renewal that fails).
 */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  chargesFail: '4000 0000 0000 0341',
} as const;

/** An expiry a few years ahead, so the prefilled test card is valid whenever the form is opened. */
export const futureExpiry = (now = new Date()) =>
  `12/${String((now.getFullYear() + 3) % 100).padStart(2, '0')}`;

/** The form's first values: the test card that succeeds. */
export const initialSandboxCard = (): SandboxCardValues => ({
  number: SANDBOX_TEST_CARDS.succeeds,
  expiry: futureExpiry(),
  cvc: '123',
});

export interface SandboxCardValues {
  number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

export type SandboxCardErrors = Partial<Record<keyof SandboxCardValues, string>>;

const digits = (value: string) => value.replace(/\D/g, '');

/** "4242424242424242" -> "4242 4242 4242 4242" as the user types (at most 19 digits). */
export const formatCardNumber = (value: string) =>
  digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1234" -> "12/34"; the slash appears once the month is typed. */
export function formatExpiry(value: string): string {
  const d = digits(value).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

export const formatCvc = (value: string) => digits(value).slice(0, 4);

/** The Luhn checksum every card number carries. */
function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Checks the form the way Stripe's card field does before anything is sent, with its messages.
 * `now` is when the card must still be valid.
 */
export function readSandboxCard(
  values: SandboxCardValues,
  now = new Date(),
): { ok: true; card: SandboxCard } | { ok: false; errors: SandboxCardErrors } {
  const errors: SandboxCardErrors = {};
  const number = digits(values.number);
  if (!number) errors.number = CARD_MESSAGES.incompleteNumber;
  else if (number.length < 13 || !passesLuhn(number)) errors.number = CARD_MESSAGES.invalidNumber;

  const match = /^(\d{2})\/(\d{2})$/.exec(values.expiry.trim());
  const expMonth = match ? Number(match[1]) : 0;
  const expYear = match ? 2000 + Number(match[2]) : 0;
  if (!match) errors.expiry = CARD_MESSAGES.incompleteExpiry;
  else if (expMonth < 1 || expMonth > 12) errors.expiry = CARD_MESSAGES.invalidExpiryMonth;
  else if (expYear * 12 + expMonth < now.getFullYear() * 12 + now.getMonth() + 1)
    errors.expiry = CARD_MESSAGES.pastExpiry;

  const cvc = digits(values.cvc);
  if (cvc.length < 3) errors.cvc = CARD_MESSAGES.incompleteCvc;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, card: { number, expMonth, expYear, cvc } };
}
