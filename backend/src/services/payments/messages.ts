/** What the payment endpoints tell the browser; the checkout page shows these in its toasts. */
export const PAYMENT_MESSAGES = {
  campaignAlreadyPaid: 'This campaign has already been paid for.',
  paymentBeingActivated: 'This campaign has already been paid for; it is being activated.',
  paymentProcessing: 'A payment for this campaign is being processed. Please wait a moment and reload.',
  paymentNotFound: 'Payment not found',
  paymentCompleted: 'This payment has already been completed.',
  paymentClosed: 'This payment can no longer be changed.',
  notSucceeded: 'Payment has not succeeded yet.',
  amountMismatch: "The amount paid does not match this campaign's price. Please contact support.",
  /** The spec's fallback for the 'Campaign Activation Error' toast. */
  activationFailed: 'Failed to activate campaign. Please contact support.',
  activationSlow:
    'Your payment went through, but activating the campaign is taking longer than usual. It will be activated shortly.',
  /** The spec's text for the 'Error' toast when the payment cannot be set up. */
  providerFailed: 'Failed to initialize payment. Please try again.',
  couponProviderFailed: 'The coupon could not be checked right now. Please try again.',
} as const;
