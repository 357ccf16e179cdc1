import type Stripe from 'stripe';
import { Op, type Transaction } from 'sequelize';
import type {
  BillingCard,
  BillingOverview,
  BillingSubscription,
  BillingUpdate,
} from '@ringcast/shared-types';
import { Campaign, Invoice, User } from '../../db/models';
import { publish } from '../../events/publish';
import { logger } from '../../logger';
import { dollars, presentInvoice, presentSubscription } from '../../presenters/billing';
import { isStripeMissing, stripe } from '../../providers/stripe';
import { idOf } from './stripeShapes';

/** The next renewal as Stripe previews it; null when none is coming (cancelled, ended) or Stripe cannot say. */
async function nextInvoiceOf(
  campaign: Campaign,
  customerId: string | null,
): Promise<BillingSubscription['nextInvoice']> {
  if (!campaign.stripeSubscriptionId || campaign.cancelAtPeriodEnd || !customerId) return null;
  if (campaign.status === 'canceled' || campaign.status === 'draft') return null;
  try {
    const preview = await stripe().invoices.createPreview({
      customer: customerId,
      subscription: campaign.stripeSubscriptionId,
    });
    const at = preview.next_payment_attempt ?? preview.period_end ?? preview.created;
    return { date: new Date(at * 1000).toISOString(), amount: dollars(preview.amount_due) };
  } catch (err) {
    logger.warn({ campaignId: campaign.id, err: (err as Error).message }, 'next invoice preview failed');
    return null;
  }
}

async function cardOf(paymentMethodId: string | null): Promise<BillingCard | null> {
  if (!paymentMethodId) return null;
  try {
    const method = await stripe().paymentMethods.retrieve(paymentMethodId);
    if (!method.card) return null;
    const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
    return { brand, last4, expMonth, expYear };
  } catch (err) {
    if (isStripeMissing(err)) return null;
    throw err;
  }
}

/** The card Stripe charges: the customer's default, else the one the checkout saved on a subscription. */
async function defaultCard(customer: Stripe.Customer, campaigns: Campaign[]): Promise<BillingCard | null> {
  const own = idOf(customer.invoice_settings?.default_payment_method);
  if (own) return cardOf(own);
  const subscriptionId = campaigns.find(
    (c) => c.stripeSubscriptionId && c.status !== 'draft',
  )?.stripeSubscriptionId;
  if (!subscriptionId) return null;
  const subscription = await stripe().subscriptions.retrieve(subscriptionId);
  return cardOf(idOf(subscription.default_payment_method));
}

async function retrieveCustomer(id: string | null | undefined): Promise<Stripe.Customer | null> {
  if (!id) return null;
  try {
    const customer = await stripe().customers.retrieve(id);
    return 'deleted' in customer && customer.deleted ? null : (customer as Stripe.Customer);
  } catch (err) {
    if (isStripeMissing(err)) return null;
    throw err;
  }
}

/** Paid campaigns (and those that were): the ones with a subscription to show. */
const billedCampaigns = (userId: number) =>
  Campaign.findAll({
    where: { userId, setupPaymentProcessed: true, stripeSubscriptionId: { [Op.ne]: null } },
    order: [['id', 'ASC']],
  });

/** GET /api/billing: the card, the credit left, each campaign's plan and the invoices, newest first. */
export async function getBillingOverview(userId: number): Promise<BillingOverview> {
  const user = await User.findByPk(userId, { rejectOnEmpty: true });
  const [campaigns, invoices, customer] = await Promise.all([
    billedCampaigns(userId),
    Invoice.findAll({ where: { userId }, order: [['stripeCreatedAt', 'DESC']], limit: 100 }),
    retrieveCustomer(user.stripeCustomerId),
  ]);
  const subscriptions = await Promise.all(
    campaigns.map(async (campaign) =>
      presentSubscription(campaign, await nextInvoiceOf(campaign, user.stripeCustomerId)),
    ),
  );
  return {
    card: customer ? await defaultCard(customer, campaigns) : null,
    creditBalance: dollars(Math.max(0, -(customer?.balance ?? 0))),
    subscriptions,
    invoices: invoices.map(presentInvoice),
  };
}

/** The `billing:updated` push of one campaign: its subscription and its newest invoice. */
export async function billingUpdateOf(campaignId: number): Promise<BillingUpdate | null> {
  const campaign = await Campaign.findByPk(campaignId);
  if (!campaign) return null;
  const [latest, owner] = await Promise.all([
    Invoice.findOne({ where: { campaignId }, order: [['stripeCreatedAt', 'DESC']] }),
    User.findByPk(campaign.userId, { attributes: ['id', 'stripeCustomerId'] }),
  ]);
  return {
    campaignId,
    userId: campaign.userId,
    subscription: campaign.stripeSubscriptionId
      ? presentSubscription(campaign, await nextInvoiceOf(campaign, owner?.stripeCustomerId ?? null))
      : null,
    latestInvoice: latest ? presentInvoice(latest) : null,
  };
}

/** Pushes the campaign's billing to its owner and the admins (after the transaction, if one is given). */
export async function publishBilling(campaignId: number, transaction?: Transaction): Promise<void> {
  const update = await billingUpdateOf(campaignId);
  if (update) publish('billing:updated', update, { userId: update.userId, transaction });
}
