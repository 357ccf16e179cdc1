import Stripe from 'stripe';
import { Op } from 'sequelize';
import {
  BILLING_MESSAGES,
  PAYMENT_MESSAGES,
  type BillingOverview,
  type SetupIntentResponse,
} from '@ringcast/shared-types';
import { Campaign } from '../../db/models';
import { conflict, notFound } from '../../errors';
import { logger } from '../../logger';
import { isStripeMissing, stripe } from '../../providers/stripe';
import { ensureStripeCustomer } from '../payments/stripeCustomer';
import { asPaymentError } from '../payments/stripeFailure';
import { getBillingOverview, publishBilling } from './overview';
import { customerIdOf, idOf } from './stripeShapes';
import { upsertInvoice } from './syncInvoice';
import { syncSubscriptionById } from './syncSubscription';

export const CARD_CHARGE_FAILED = (reason: string) =>
  `The card was saved, but paying the open invoice with it failed: ${reason}`;

/** POST /api/billing/setup-intent: a SetupIntent the card form confirms (off-session use: renewals). */
export async function createSetupIntent(userId: number): Promise<SetupIntentResponse> {
  try {
    const customer = await ensureStripeCustomer(userId);
    // Cards are what the form takes; Stripe's default payment methods include them.
    const intent = await stripe().setupIntents.create({ customer, usage: 'off_session' });
    return { clientSecret: intent.client_secret!, setupIntentId: intent.id };
  } catch (err) {
    throw asPaymentError(err, PAYMENT_MESSAGES.providerFailed);
  }
}

async function ownSetupIntent(customer: string, setupIntentId: string): Promise<Stripe.SetupIntent> {
  try {
    const intent = await stripe().setupIntents.retrieve(setupIntentId);
    if (customerIdOf(intent.customer) !== customer) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    return intent;
  } catch (err) {
    if (isStripeMissing(err)) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    throw err;
  }
}

/** Pays each open invoice with the card at once; answers Stripe's reason for the first refusal. */
async function payOpenInvoices(customer: string, paymentMethod: string): Promise<string | null> {
  const invoices = await stripe().invoices.list({ customer, limit: 100 });
  let refusal: string | null = null;
  for (const invoice of invoices.data.filter((i) => i.status === 'open' && i.id)) {
    try {
      const paid = await stripe().invoices.pay(invoice.id!, { payment_method: paymentMethod });
      await upsertInvoice(paid);
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
      logger.info({ invoiceId: invoice.id, code: err.code }, 'open invoice not paid with the new card');
      refusal ??= err.message;
    }
  }
  return refusal;
}

/**
 * POST /api/billing/payment-method: the confirmed SetupIntent's card becomes the customer's and
 * each live subscription's default, and pays any open invoice at once (a past_due campaign
 * resumes). Answers the billing overview as it is then.
 */
export async function useConfirmedCard(userId: number, setupIntentId: string): Promise<BillingOverview> {
  try {
    const customer = await ensureStripeCustomer(userId);
    const intent = await ownSetupIntent(customer, setupIntentId);
    const paymentMethod = idOf(intent.payment_method);
    if (intent.status !== 'succeeded' || !paymentMethod)
      throw conflict(BILLING_MESSAGES.setupIntentNotSucceeded);
    await stripe().customers.update(customer, {
      invoice_settings: { default_payment_method: paymentMethod },
    });
    const campaigns = await Campaign.findAll({
      where: {
        userId,
        stripeSubscriptionId: { [Op.ne]: null },
        status: { [Op.notIn]: ['draft', 'canceled'] },
      },
    });
    for (const campaign of campaigns)
      await stripe().subscriptions.update(campaign.stripeSubscriptionId!, {
        default_payment_method: paymentMethod,
      });
    const refusal = await payOpenInvoices(customer, paymentMethod);
    // The webhooks will say the same; syncing now lets the answer show the campaigns resumed.
    for (const campaign of campaigns) {
      await syncSubscriptionById(campaign.stripeSubscriptionId!);
      await publishBilling(campaign.id);
    }
    if (refusal) throw conflict(CARD_CHARGE_FAILED(refusal));
    return await getBillingOverview(userId);
  } catch (err) {
    throw asPaymentError(err, PAYMENT_MESSAGES.providerFailed);
  }
}
