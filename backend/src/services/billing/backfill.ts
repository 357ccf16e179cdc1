import type Stripe from 'stripe';
import { Op, QueryTypes } from 'sequelize';
import { Campaign, Payment } from '../../db/models';
import { sequelize } from '../../db/sequelize';
import { stripe, usesStripeSandbox } from '../../providers/stripe';
import { usageKeyOf } from '../calls/shared';
import { publishCampaign } from '../campaigns';
import { ensureStripeCustomer } from '../payments/stripeCustomer';
import { subscriptionFields } from './checkoutBilling';
import { callsPriceSpec, NUMBER_PRICE, priceFor } from './prices';
import { customerIdOf, metadataCampaignId } from './stripeShapes';

/** Paid before subscriptions and still running: what the backfill gives a subscription. */
const BACKFILLED_STATUSES = ['active', 'paused'] as const;

export interface BackfilledCampaign {
  campaignId: number;
  subscriptionId: string;
  activatedAt: string;
  /** When the first invoice of the subscription will be made (its billing cycle anchor). */
  firstRenewal: string;
}

export interface BackfillReport {
  backfilled: BackfilledCampaign[];
  failed: { campaignId: number; error: string }[];
}

/** `months` calendar months after `at` (UTC), the day kept or, in a shorter month, its last day (as Stripe bills). */
export function addMonths(at: Date, months: number): Date {
  const target = new Date(at);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return target;
}

/**
 * The first renewal of a campaign activated at `activatedAt`: one month after its activation (the
 * month its checkout paid for), or, when that has passed, the next monthly anniversary after
 * `now`. Stripe takes a billing cycle anchor only in the future and within one interval.
 */
export function firstRenewalOf(activatedAt: Date, now: Date): Date {
  for (let months = 1; ; months++) {
    const renewal = addMonths(activatedAt, months);
    if (renewal > now) return renewal;
  }
}

/** When the campaign was activated: its first succeeded payment (the checkout), else its creation. */
async function activationOf(campaign: Campaign): Promise<Date> {
  const payment = await Payment.findOne({
    where: { campaignId: campaign.id, status: 'succeeded' },
    order: [['createdAt', 'ASC']],
    attributes: ['createdAt'],
  });
  return payment?.createdAt ?? campaign.createdAt;
}

/** The customer's "now": its test clock's time in sandbox mode (renewals run on it), else the real time. */
async function customerNow(customerId: string): Promise<Date> {
  if (!usesStripeSandbox()) return new Date();
  const customer = await stripe().customers.retrieve(customerId);
  const clock = 'deleted' in customer && customer.deleted ? null : customer.test_clock;
  if (!clock) return new Date();
  const id = typeof clock === 'string' ? clock : clock.id;
  return new Date((await stripe().testHelpers.testClocks.retrieve(id)).frozen_time * 1000);
}

/** A subscription this backfill (or an earlier run of it) already made for the campaign. */
async function existingSubscription(
  customer: string,
  campaignId: number,
): Promise<Stripe.Subscription | null> {
  const list = await stripe().subscriptions.list({ customer, status: 'all', limit: 100 });
  return (
    list.data.find(
      (sub) =>
        metadataCampaignId(sub.metadata) === campaignId &&
        !['canceled', 'incomplete_expired'].includes(sub.status),
    ) ?? null
  );
}

/**
 * Creates the campaign's subscription without charging the month its checkout already paid: the
 * billing cycle anchor is the first renewal and proration is off, so Stripe bills nothing until
 * then (its documented way to start a subscription's first full invoice on a future date), and
 * the subscription is active at once on a $0 first invoice. Looked for first, and created with an
 * idempotency key per campaign, so a rerun, even one past Stripe's 24-hour key memory, makes none twice.
 */
async function subscribeCampaign(campaign: Campaign, customer: string, firstRenewal: Date) {
  const found = await existingSubscription(customer, campaign.id);
  if (found) return found;
  const items = [{ price: (await priceFor(callsPriceSpec(campaign.monthlyCallVolume ?? 0))).id }];
  if (campaign.useProvidedNumber) items.push({ price: (await priceFor(NUMBER_PRICE)).id });
  return stripe().subscriptions.create(
    {
      customer,
      items,
      billing_cycle_anchor: Math.floor(firstRenewal.getTime() / 1000),
      proration_behavior: 'none',
      // Nothing is due now: the $0 first invoice is paid at once and the subscription is active.
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { campaignId: String(campaign.id), userId: String(campaign.userId), backfilled: 'true' },
    },
    { idempotencyKey: `backfill-subscription-${campaign.id}` },
  );
}

/**
 * Stores the subscription on the campaign, once (a campaign that got one meanwhile keeps it), and
 * carries the calls counted this calendar month into the new billing period's count, so the
 * switch from the month to the period gives no call twice.
 */
async function storeSubscription(campaignId: number, subscription: Stripe.Subscription, now: Date) {
  const fields = subscriptionFields(subscription);
  await sequelize.transaction(async (transaction) => {
    const campaign = await Campaign.findByPk(campaignId, { transaction, lock: true });
    if (!campaign || campaign.stripeSubscriptionId) return;
    await campaign.update(fields, { transaction });
    if (fields.currentPeriodStart) {
      const replacements = { campaignId, period: usageKeyOf(fields, now), month: usageKeyOf({}, new Date()) };
      const [month] = await sequelize.query<{ billableCalls: number }>(
        'SELECT billableCalls FROM campaign_usage WHERE campaignId = :campaignId AND month = :month',
        { replacements, type: QueryTypes.SELECT, transaction },
      );
      if (month)
        await sequelize.query(
          `INSERT INTO campaign_usage (campaignId, month, billableCalls) VALUES (:campaignId, :period, :calls)
           ON DUPLICATE KEY UPDATE billableCalls = GREATEST(billableCalls, VALUES(billableCalls))`,
          { replacements: { ...replacements, calls: Number(month.billableCalls) }, transaction },
        );
    }
    publishCampaign(campaign, transaction);
  });
}

/** Campaigns paid for before subscriptions existed, still running, without a subscription. */
export function campaignsToBackfill(campaignIds?: number[]): Promise<Campaign[]> {
  return Campaign.findAll({
    where: {
      setupPaymentProcessed: true,
      stripeSubscriptionId: null,
      status: [...BACKFILLED_STATUSES],
      ...(campaignIds ? { id: { [Op.in]: campaignIds } } : {}),
    },
    order: [['id', 'ASC']],
  });
}

/**
 * The one-off move of campaigns activated before monthly billing onto subscriptions (issue 36):
 * each gets one on its owner's customer whose first renewal is one month after its activation.
 * Safe to run again: a campaign with a subscription is skipped, and one whose subscription was
 * made but not stored finds it at Stripe. A campaign that fails is reported and the rest go on.
 */
export async function backfillSubscriptions({
  campaignIds,
}: { campaignIds?: number[] } = {}): Promise<BackfillReport> {
  const report: BackfillReport = { backfilled: [], failed: [] };
  for (const campaign of await campaignsToBackfill(campaignIds)) {
    try {
      const customer = await ensureStripeCustomer(campaign.userId);
      const activatedAt = await activationOf(campaign);
      const now = await customerNow(customer);
      const firstRenewal = firstRenewalOf(activatedAt, now);
      const subscription = await subscribeCampaign(campaign, customer, firstRenewal);
      if (customerIdOf(subscription.customer) !== customer)
        throw new Error('subscription of another customer');
      await storeSubscription(campaign.id, subscription, now);
      report.backfilled.push({
        campaignId: campaign.id,
        subscriptionId: subscription.id,
        activatedAt: activatedAt.toISOString(),
        firstRenewal: firstRenewal.toISOString(),
      });
    } catch (err) {
      report.failed.push({
        campaignId: campaign.id,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  return report;
}
