/**
 * Stripe's own words for card details it cannot take (its card field and its API say the same).
 * The Stripe sandbox answers with them and the checkout's sandbox card form checks with them, so
 * a card is refused in one sentence wherever it is caught.
 */
export const CARD_MESSAGES = {
  incompleteNumber: 'Your card number is incomplete.',
  invalidNumber: 'Your card number is invalid.',
  incorrectNumber: 'Your card number is incorrect.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
  pastExpiry: "Your card's expiration date is in the past.",
  incompleteCvc: "Your card's security code is incomplete.",
  invalidCvc: "Your card's security code is invalid.",
} as const;
