import { number, object, type InferType } from 'yup';
import type { Campaign } from '../domain/campaign';
import { trimmedText } from './fields';
import { recordId } from './ids';

const paymentIntentId = trimmedText()
  .required('paymentIntentId is required')
  .matches(/^pi_[A-Za-z0-9_]{1,120}$/, 'paymentIntentId must be a payment intent id (pi_...)');

/**
 * POST /api/create-payment-intent. `amount` (dollars, from the checkout URL) is accepted but never
 * trusted: the server prices the campaign itself.
 */
export const createPaymentIntentSchema = object({
  campaignId: recordId().required('campaignId is required'),
  amount: number().typeError('amount must be a number').min(0, 'amount must not be negative').optional(),
});
export type CreatePaymentIntentInput = InferType<typeof createPaymentIntentSchema>;

export interface CreatePaymentIntentResponse {
  clientSecret: string;
  paymentIntentId: string;
  /** What will be charged, in cents, as the server computed it (after a coupon already applied). */
  amount: number;
  currency: string;
  /** The coupon already applied to this intent, when the page is reloaded after applying one. */
  coupon: Coupon | null;
}

/** POST /api/apply-coupon. */
export const applyCouponSchema = object({
  couponCode: trimmedText().required('Please enter a coupon code').max(100, 'Coupon code is too long'),
  paymentIntentId,
});
export type ApplyCouponInput = InferType<typeof applyCouponSchema>;

/** A coupon as Stripe describes it; amount_off is in cents. */
export interface Coupon {
  id: string;
  name: string | null;
  percent_off: number | null;
  amount_off: number | null;
}

export interface ApplyCouponResponse {
  coupon: Coupon;
  /** The discounted amount now on the intent, in cents. */
  amount: number;
  /**
   * The intent the card form confirms from now on: a coupon is a discount on the subscription's
   * first invoice, so applying one replaces the open invoice and its intent.
   */
  clientSecret: string;
  paymentIntentId: string;
}

/** POST /api/activate-campaign. */
export const activateCampaignSchema = object({ paymentIntentId });
export type ActivateCampaignInput = InferType<typeof activateCampaignSchema>;

export interface ActivateCampaignResponse {
  campaign: Campaign;
}

/** GET /api/payments/config: how the checkout page takes a card. */
export interface PaymentsConfig {
  /**
   * The key the browser confirms card payments with: Stripe's publishable key, the sandbox's own
   * in sandbox mode, or null when none is configured.
   */
  publishableKey: string | null;
  /** True when payments go to the local Stripe sandbox instead of Stripe. */
  sandbox: boolean;
}

/** The 'Invalid Coupon' toast's fallback text, and the server's message for an unknown code. */
export const INVALID_COUPON_MESSAGE = 'Coupon code is not valid or has expired.';
export const COUPON_ALREADY_APPLIED_MESSAGE = 'A coupon has already been applied to this payment.';

/** What the payment endpoints tell the browser; the checkout page shows these in its toasts and notices. */
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
