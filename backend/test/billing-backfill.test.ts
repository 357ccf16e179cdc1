import { describe, expect, it } from 'vitest';
import { billingMonthOf, callCostCents } from '@ringcast/shared-types';
import { QueryTypes } from 'sequelize';
import { Campaign, Payment, User } from '../src/db/models';
import { sequelize } from '../src/db/sequelize';
import { stripe } from '../src/providers/stripe';
import { addMonths, backfillSubscriptions, firstRenewalOf } from '../src/services/billing/backfill';
import { usageKeyOf } from '../src/services/calls/shared';
import { userWithDraft } from './helpers/campaigns';
import { useTestApi } from './helpers/server';

/**
 * Campaigns paid for before monthly billing get a subscription whose first renewal is one month
 * after their activation, with nothing charged for the month already paid; a rerun changes nothing.
 */
const api = useTestApi();

const DAY = 86_400_000;

/** A campaign activated `daysAgo` by a one-off checkout payment, as before subscriptions. */
async function campaignPaidBefore(daysAgo: number, usedThisMonth = 0) {
  const owner = await userWithDraft(api.baseUrl, { name: 'Paid before', type: 'appointment' });
  const activatedAt = new Date(Date.now() - daysAgo * DAY);
  await Campaign.update(
    { status: 'active', setupPaymentProcessed: true, monthlyCallVolume: 500, useProvidedNumber: true },
    { where: { id: owner.campaign.id } },
  );
  const payment = await Payment.create({
    userId: owner.user.id,
    campaignId: owner.campaign.id,
    paymentIntentId: `pi_before_${owner.campaign.id}_${Date.now()}`,
    amountCents: 67_000,
    status: 'succeeded',
  });
  await Payment.update({ createdAt: activatedAt }, { where: { id: payment.id }, silent: true });
  if (usedThisMonth)
    await sequelize.query('INSERT INTO campaign_usage (campaignId, month, billableCalls) VALUES (?, ?, ?)', {
      replacements: [owner.campaign.id, billingMonthOf(new Date()), usedThisMonth],
    });
  return { ...owner, activatedAt };
}

const subscriptionsOf = async (userId: number, campaignId: number) => {
  const { stripeCustomerId } = await User.findByPk(userId, { rejectOnEmpty: true });
  const list = await stripe().subscriptions.list({ customer: stripeCustomerId!, status: 'all' });
  return list.data.filter((sub) => sub.metadata.campaignId === String(campaignId));
};

describe('the first renewal', () => {
  it('is one month after activation, or the next monthly anniversary once that has passed', () => {
    const at = new Date('2026-01-31T15:00:00Z');
    expect(addMonths(at, 1).toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(addMonths(at, 2).toISOString()).toBe('2026-03-31T15:00:00.000Z');
    expect(firstRenewalOf(at, new Date('2026-02-10T00:00:00Z')).toISOString()).toBe(
      '2026-02-28T15:00:00.000Z',
    );
    expect(firstRenewalOf(at, new Date('2026-03-05T00:00:00Z')).toISOString()).toBe(
      '2026-03-31T15:00:00.000Z',
    );
  });
});

describe('npm run backfill-subscriptions', () => {
  it('subscribes a campaign paid before, billing nothing until one month after its activation', async () => {
    const { user, campaign, activatedAt } = await campaignPaidBefore(10, 40);
    const report = await backfillSubscriptions({ campaignIds: [campaign.id] });
    expect(report.failed).toEqual([]);
    const firstRenewal = addMonths(activatedAt, 1);
    expect(report.backfilled).toHaveLength(1);
    expect(new Date(report.backfilled[0]!.firstRenewal).getTime()).toBe(firstRenewal.getTime());

    const row = await Campaign.findByPk(campaign.id, { rejectOnEmpty: true });
    expect(row.stripeSubscriptionId).toBe(report.backfilled[0]!.subscriptionId);
    const subscription = await stripe().subscriptions.retrieve(row.stripeSubscriptionId!, {
      expand: ['latest_invoice'],
    });
    expect(subscription.status).toBe('active');
    expect(subscription.metadata).toMatchObject({ campaignId: String(campaign.id), userId: String(user.id) });
    // The month already paid is not charged again: the first invoice is $0.
    const first = subscription.latest_invoice as { amount_due: number; total: number };
    expect(first.total).toBe(0);
    expect(first.amount_due).toBe(0);
    // The first renewal, one month after activation (whole seconds, as Stripe keeps time), bills the package and the number.
    const renewalSeconds = Math.floor(firstRenewal.getTime() / 1000);
    expect(subscription.items.data.map((item) => item.current_period_end)).toEqual([
      renewalSeconds,
      renewalSeconds,
    ]);
    expect(row.currentPeriodEnd!.getTime()).toBe(renewalSeconds * 1000);
    const preview = await stripe().invoices.createPreview({
      customer: subscription.customer as string,
      subscription: subscription.id,
    });
    expect(preview.total).toBe(callCostCents(500) + 2_000);

    // The calls counted this month carry into the period: switching gives no call twice.
    const [usage] = await sequelize.query<{ billableCalls: number }>(
      'SELECT billableCalls FROM campaign_usage WHERE campaignId = ? AND month = ?',
      { replacements: [campaign.id, usageKeyOf(row, new Date())], type: QueryTypes.SELECT },
    );
    expect(Number(usage?.billableCalls)).toBe(40);
  });

  it('changes nothing when run again, and finds a subscription made but not stored', async () => {
    const { user, campaign } = await campaignPaidBefore(3);
    const first = await backfillSubscriptions({ campaignIds: [campaign.id] });
    expect(first.backfilled).toHaveLength(1);
    const again = await backfillSubscriptions({ campaignIds: [campaign.id] });
    expect(again).toEqual({ backfilled: [], failed: [] });

    // A run killed after Stripe made the subscription and before the campaign stored it.
    await Campaign.update({ stripeSubscriptionId: null }, { where: { id: campaign.id } });
    const resumed = await backfillSubscriptions({ campaignIds: [campaign.id] });
    expect(resumed.backfilled.map((b) => b.subscriptionId)).toEqual([first.backfilled[0]!.subscriptionId]);
    expect(await subscriptionsOf(user.id, campaign.id)).toHaveLength(1);
  });

  it('leaves drafts, unpaid and canceled campaigns, and campaigns already subscribed alone', async () => {
    const draft = await userWithDraft(api.baseUrl);
    const canceled = await campaignPaidBefore(5);
    await Campaign.update({ status: 'canceled' }, { where: { id: canceled.campaign.id } });
    const subscribed = await campaignPaidBefore(5);
    await Campaign.update({ stripeSubscriptionId: 'sub_already' }, { where: { id: subscribed.campaign.id } });
    const report = await backfillSubscriptions({
      campaignIds: [draft.campaign.id, canceled.campaign.id, subscribed.campaign.id],
    });
    expect(report).toEqual({ backfilled: [], failed: [] });
  });
});
