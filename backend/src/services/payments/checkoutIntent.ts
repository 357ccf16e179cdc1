import { createHash } from 'node:crypto';
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
import { conflict, upstreamFailed } from '../../errors';
import { logger } from '../../logger';
import { findOwned } from '../../policies/ownership';
import { presentCampaign } from '../../presenters/campaign';
import { stripe } from '../../providers/stripe';
import { missingBeforeLaunch } from '../campaignReadiness';
import { paymentDescription } from './activateCampaignPayment';
import { enqueueActivation } from './activationJobs';
import { checkoutMetadata, readCheckoutMetadata } from './intentMetadata';
import { ensureStripeCustomer } from './stripeCustomer';
import { asPaymentError, isMissingCustomer } from './stripeFailure';

/** Statuses in which an intent can still take a card (and a coupon). */
export const OPEN_INTENT_STATUSES = new Set<Stripe.PaymentIntent.Status>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The campaign's open intent: created once per campaign and price, found again on every reload.
 * The idempotency key is derived from the exact request (campaign, amount, customer, name), so
 * Stripe answers a repeat with the intent it already made instead of a new one; an amount change
 * makes a new key and a new intent. A replayed answer shows the intent as first created, so it is
 * read again (a coupon may have been applied since). Stripe forgets keys after 24 hours; an
 * abandoned checkout reloaded after that simply gets a fresh intent.
 */
async function openIntentFor(
  userId: number,
  campaign: Campaign,
  amount: number,
  replaces?: string,
): Promise<Stripe.PaymentIntent> {
  const params: Stripe.PaymentIntentCreateParams = {
    amount,
    currency: 'usd',
    customer: await ensureStripeCustomer(userId),
    description: paymentDescription(campaign.name),
    automatic_payment_methods: { enabled: true },
    metadata: checkoutMetadata(userId, campaign.id, amount),
  };
  const idempotencyKey = `checkout-${campaign.id}-${sha256(JSON.stringify(params) + (replaces ?? '')).slice(0, 32)}`;
  let intent = await stripe().paymentIntents.create(params, { idempotencyKey });
  if (intent.lastResponse?.headers?.['idempotent-replayed'] === 'true') {
    intent = await stripe().paymentIntents.retrieve(intent.id);
  }
  if (OPEN_INTENT_STATUSES.has(intent.status)) return intent;
  if (intent.status === 'succeeded') {
    // Paid, but the activation never ran (the tab closed, the webhook is late): run it now.
    await enqueueActivation(intent.id);
    throw conflict(PAYMENT_MESSAGES.paymentBeingActivated);
  }
  if (intent.status === 'processing') throw conflict(PAYMENT_MESSAGES.paymentProcessing);
  // Canceled (from Stripe's dashboard, say): start over with a new intent, once.
  if (replaces) throw upstreamFailed(PAYMENT_MESSAGES.providerFailed);
  return openIntentFor(userId, campaign, amount, intent.id);
}

/**
 * POST /api/create-payment-intent: the owner's unpaid and complete campaign, priced on the server
 * with the shared checkoutTotalCents (the browser's amount is only compared, never used). An
 * incomplete draft is refused before Stripe is asked for anything.
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
    let intent: Stripe.PaymentIntent;
    try {
      intent = await openIntentFor(userId, campaign, amount);
    } catch (err) {
      // The stored customer is unknown to this Stripe account (keys changed, sandbox data expired).
      if (!isMissingCustomer(err)) throw err;
      await ensureStripeCustomer(userId, { replace: true });
      intent = await openIntentFor(userId, campaign, amount);
    }
    return {
      clientSecret: intent.client_secret!,
      paymentIntentId: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      coupon: readCheckoutMetadata(intent.metadata)?.coupon ?? null,
    };
  } catch (err) {
    throw asPaymentError(err, PAYMENT_MESSAGES.providerFailed);
  }
}
