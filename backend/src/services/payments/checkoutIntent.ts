import type Stripe from 'stripe';
import {
  awaitsPayment,
  CAMPAIGN_NOT_FOUND,
  checkoutTotalCents,
  ERROR_CODES,
  notReadyToPayMessage,
  PAYMENT_MESSAGES,
  type CreatePaymentIntentInput,
  type CreatePaymentIntentResponse,
} from '@ringcast/shared-types';
import { Campaign } from '../../db/models';
import { conflict } from '../../errors';
import { logger } from '../../logger';
import { findOwned } from '../../policies/ownership';
import { presentCampaign } from '../../presenters/campaign';
import { missingBeforeLaunch } from '../campaignReadiness';
import { openCheckoutSubscription, type CheckoutPayment } from './checkoutSubscription';
import { readCheckoutMetadata } from './intentMetadata';
import { ensureStripeCustomer } from './stripeCustomer';
import { asPaymentError, isMissingCustomer } from './stripeFailure';

/** Statuses in which an intent can still take a card (and a coupon). */
export const OPEN_INTENT_STATUSES = new Set<Stripe.PaymentIntent.Status>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

/** The checkout page's answer: the first invoice's intent. */
export const checkoutResponse = ({ intent }: CheckoutPayment): CreatePaymentIntentResponse => ({
  clientSecret: intent.client_secret!,
  paymentIntentId: intent.id,
  amount: intent.amount,
  currency: intent.currency,
  coupon: readCheckoutMetadata(intent.metadata)?.coupon ?? null,
});

/**
 * POST /api/create-payment-intent: the owner's unpaid and complete campaign, priced on the server
 * with the shared checkoutTotalCents (the browser's amount is only compared, never used), becomes
 * a subscription whose first invoice's intent the card form confirms. An incomplete draft is
 * refused before Stripe is asked for anything.
 */
export async function createCheckoutIntent(
  userId: number,
  input: CreatePaymentIntentInput,
): Promise<CreatePaymentIntentResponse> {
  const campaign = await findOwned(Campaign, input.campaignId, userId, { message: CAMPAIGN_NOT_FOUND });
  if (!awaitsPayment(campaign)) throw conflict(PAYMENT_MESSAGES.campaignAlreadyPaid);
  const missing = await missingBeforeLaunch(campaign);
  if (missing.length > 0) throw conflict(notReadyToPayMessage(missing), ERROR_CODES.campaignIncomplete);
  const amount = checkoutTotalCents(presentCampaign(campaign));
  if (input.amount !== undefined && Math.round(input.amount * 100) !== amount) {
    logger.info(
      { campaignId: campaign.id, sent: input.amount, amount },
      'checkout amount from the browser ignored',
    );
  }
  try {
    try {
      return checkoutResponse(await openCheckoutSubscription(campaign));
    } catch (err) {
      // The stored customer is unknown to this Stripe account (keys changed, sandbox data expired).
      if (!isMissingCustomer(err)) throw err;
      await ensureStripeCustomer(userId, { replace: true });
      return checkoutResponse(await openCheckoutSubscription(campaign));
    }
  } catch (err) {
    throw asPaymentError(err, PAYMENT_MESSAGES.providerFailed);
  }
}
