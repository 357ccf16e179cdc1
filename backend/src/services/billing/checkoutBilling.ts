import type Stripe from 'stripe';
import { BILLING_MESSAGES } from '@ringcast/shared-types';
import { Campaign } from '../../db/models';
import { isStripeMissing, stripe } from '../../providers/stripe';
import {
  customerIdOf,
  invoicePaymentIntentId,
  latestInvoiceOf,
  metadataCampaignId,
  subscriptionPeriod,
} from './stripeShapes';

/**
 * The campaign's checkout subscription when `paymentIntentId` pays its first invoice, else null
 * (an intent from before subscriptions, paid as a one-off).
 */
export async function checkoutSubscriptionOf(
  campaignId: number,
  paymentIntentId: string,
): Promise<Stripe.Subscription | null> {
  const campaign = await Campaign.findByPk(campaignId, { attributes: ['id', 'stripeSubscriptionId'] });
  if (!campaign?.stripeSubscriptionId) return null;
  let subscription: Stripe.Subscription;
  try {
    subscription = await stripe().subscriptions.retrieve(campaign.stripeSubscriptionId, {
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
    });
  } catch (err) {
    if (isStripeMissing(err)) return null;
    throw err;
  }
  const invoice = latestInvoiceOf(subscription);
  if (metadataCampaignId(subscription.metadata) !== campaignId) return null;
  return invoice && invoicePaymentIntentId(invoice) === paymentIntentId ? subscription : null;
}

/** The campaign's columns that follow its subscription. */
export function subscriptionFields(subscription: Stripe.Subscription) {
  const period = subscriptionPeriod(subscription);
  return {
    stripeSubscriptionId: subscription.id,
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

/**
 * After the first invoice is paid, its "Prepaid credit" line becomes the customer's balance at
 * Stripe (negative = credit), applied to the next invoices. Once per campaign: the idempotency key
 * names the campaign.
 */
export async function grantPrepaidCredit(subscription: Stripe.Subscription): Promise<void> {
  const credit = Number(subscription.metadata.prepaidCreditCents ?? 0);
  const campaignId = metadataCampaignId(subscription.metadata);
  const customer = customerIdOf(subscription.customer);
  if (!campaignId || !customer || !Number.isSafeInteger(credit) || credit <= 0) return;
  await stripe().customers.createBalanceTransaction(
    customer,
    {
      amount: -credit,
      currency: 'usd',
      description: `${BILLING_MESSAGES.prepaidCredit}: campaign ${campaignId}`,
      metadata: { campaignId: String(campaignId) },
    },
    { idempotencyKey: `prepaid-credit-${campaignId}` },
  );
}
