import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import {
  checkoutTotalCents,
  PAYMENT_MESSAGES,
  prepaidCreditCents,
  prospectListCents,
  type Coupon,
} from '@ringcast/shared-types';
import { Campaign } from '../../db/models';
import { conflict, upstreamFailed } from '../../errors';
import { logger } from '../../logger';
import { isStripeMissing, stripe } from '../../providers/stripe';
import { presentCampaign } from '../../presenters/campaign';
import {
  callsPriceSpec,
  CREDIT_PRICE,
  LIST_PRICE,
  NUMBER_PRICE,
  priceFor,
  productIdOf,
} from '../billing/prices';
import { invoicePaymentIntentId, latestInvoiceOf } from '../billing/stripeShapes';
import { paymentDescription } from './activateCampaignPayment';
import { enqueueActivation } from './activationJobs';
import { checkoutMetadata, couponMetadata, readCheckoutMetadata } from './intentMetadata';
import { ensureStripeCustomer } from './stripeCustomer';

/** What the checkout page is handed: the first invoice's intent, read after our metadata is on it. */
export interface CheckoutPayment {
  subscription: Stripe.Subscription;
  intent: Stripe.PaymentIntent;
}

const EXPAND = ['latest_invoice.confirmation_secret', 'latest_invoice.payments'];
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The subscription's parameters: the package and the number monthly; the list and the prepaid
 * credit (the $250 minimum's rest, which becomes customer balance once paid) as one-time lines
 * of the first invoice, which so totals checkoutTotalCents; a coupon as a discount on it.
 */
async function subscriptionParams(
  customer: string,
  campaign: Campaign,
  couponId: string | null,
): Promise<Stripe.SubscriptionCreateParams> {
  const draft = presentCampaign(campaign);
  const credit = prepaidCreditCents(draft);
  const items: Stripe.SubscriptionCreateParams.Item[] = [
    { price: (await priceFor(callsPriceSpec(draft.monthlyCallVolume ?? 0))).id },
  ];
  if (draft.useProvidedNumber) items.push({ price: (await priceFor(NUMBER_PRICE)).id });
  const oneTime: Stripe.SubscriptionCreateParams.AddInvoiceItem[] = [];
  if (prospectListCents(draft.hasProvidedList) > 0) oneTime.push({ price: (await priceFor(LIST_PRICE)).id });
  if (credit > 0)
    oneTime.push({
      price_data: {
        currency: 'usd',
        product: productIdOf(await priceFor(CREDIT_PRICE)),
        unit_amount: credit,
      },
    });
  return {
    customer,
    items,
    ...(oneTime.length ? { add_invoice_items: oneTime } : {}),
    ...(couponId ? { discounts: [{ coupon: couponId }] } : {}),
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    metadata: {
      campaignId: String(campaign.id),
      userId: String(campaign.userId),
      baseAmount: String(checkoutTotalCents(draft)),
      prepaidCreditCents: String(credit),
    },
    expand: EXPAND,
  };
}

async function retrieveSubscription(id: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripe().subscriptions.retrieve(id, { expand: EXPAND });
  } catch (err) {
    if (isStripeMissing(err)) return null;
    throw err;
  }
}

/**
 * Puts the checkout facts on the first invoice's intent (our metadata: user, campaign, price, the
 * coupon), so the activation that reads intents keeps working; done once per intent.
 */
async function tagIntent(
  subscription: Stripe.Subscription,
  campaign: Campaign,
  coupon: Coupon | null,
): Promise<CheckoutPayment> {
  const invoice = latestInvoiceOf(subscription);
  const intentId = invoice && invoicePaymentIntentId(invoice);
  if (!invoice || !intentId) throw upstreamFailed(PAYMENT_MESSAGES.providerFailed);
  let intent = await stripe().paymentIntents.retrieve(intentId);
  if (!readCheckoutMetadata(intent.metadata)) {
    intent = await stripe().paymentIntents.update(intentId, {
      description: paymentDescription(campaign.name),
      metadata: {
        ...checkoutMetadata(campaign.userId, campaign.id, Number(subscription.metadata.baseAmount)),
        ...(coupon ? couponMetadata(coupon) : {}),
      },
    });
  }
  return { subscription, intent };
}

/**
 * The campaign's open checkout: its incomplete subscription for the same price, found again on
 * every reload, or a new one. The idempotency key is derived from the exact request, so two tabs
 * at once get one subscription. A subscription paid already (the activation never ran) is
 * activated now and refused; one for another price is cancelled (its open invoice voided).
 */
export async function openCheckoutSubscription(
  campaign: Campaign,
  { coupon = null, replace = false }: { coupon?: Coupon | null; replace?: boolean } = {},
): Promise<CheckoutPayment> {
  const amount = checkoutTotalCents(presentCampaign(campaign));
  const existing = campaign.stripeSubscriptionId
    ? await retrieveSubscription(campaign.stripeSubscriptionId)
    : null;
  if (existing) {
    const invoice = latestInvoiceOf(existing);
    if (invoice?.status === 'paid' || existing.status === 'active' || existing.status === 'past_due') {
      const intentId = invoice && invoicePaymentIntentId(invoice);
      if (intentId) await enqueueActivation(intentId);
      throw conflict(PAYMENT_MESSAGES.paymentBeingActivated);
    }
    const samePrice = existing.metadata.baseAmount === String(amount);
    if (existing.status === 'incomplete' && samePrice && !replace) {
      const intent = await stripe().paymentIntents.retrieve(invoicePaymentIntentId(invoice!) ?? '');
      return tagIntent(existing, campaign, readCheckoutMetadata(intent.metadata)?.coupon ?? null);
    }
    if (existing.status === 'incomplete') await stripe().subscriptions.cancel(existing.id);
  }

  const customer = await ensureStripeCustomer(campaign.userId);
  const params = await subscriptionParams(customer, campaign, coupon?.id ?? null);
  const idempotencyKey = `checkout-sub-${campaign.id}-${sha256(
    JSON.stringify(params) + (existing?.id ?? ''),
  ).slice(0, 32)}`;
  const created = await stripe().subscriptions.create(params, { idempotencyKey });
  // A replayed answer shows the subscription as first created: read it as it is now.
  const subscription =
    created.lastResponse?.headers?.['idempotent-replayed'] === 'true'
      ? ((await retrieveSubscription(created.id)) ?? created)
      : created;
  await Campaign.update({ stripeSubscriptionId: subscription.id }, { where: { id: campaign.id } });
  campaign.stripeSubscriptionId = subscription.id;
  return tagIntent(subscription, campaign, coupon);
}

/**
 * Cancels a deleted draft's checkout subscription while it is still incomplete (its open invoice
 * is voided). Never fails the delete: Stripe expires an incomplete subscription by itself.
 */
export async function cancelOpenCheckout(subscriptionId: string): Promise<void> {
  try {
    const subscription = await retrieveSubscription(subscriptionId);
    if (subscription?.status === 'incomplete') await stripe().subscriptions.cancel(subscription.id);
  } catch (err) {
    logger.warn({ err, subscriptionId }, 'could not cancel a deleted draft’s checkout subscription');
  }
}
