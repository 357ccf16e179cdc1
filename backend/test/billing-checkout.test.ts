import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { Invoice, User } from '../src/db/models';
import { stripe } from '../src/providers/stripe';
import { billingOf, campaignRow, confirmIntent, subscribedOwner } from './helpers/billingFlow';
import { ownerWithIntent, PRICED_DRAFT, PRICED_DRAFT_CENTS } from './helpers/payments';
import { useTestApi } from './helpers/server';
import { waitFor } from './helpers/sockets';

const api = useTestApi({ worker: true });

const MONTH_MS = 28 * 86_400_000;
const SMALL_DRAFT = { ...PRICED_DRAFT, monthlyCallVolume: 100, useProvidedNumber: false };

async function subscriptionOf(campaignId: number) {
  const row = await campaignRow(campaignId);
  expect(row.stripeSubscriptionId).toMatch(/^sub_/);
  return stripe().subscriptions.retrieve(row.stripeSubscriptionId!, {
    expand: ['latest_invoice', 'items.data.price'],
  });
}

const lineAmounts = (invoice: Stripe.Invoice) =>
  invoice.lines.data.map((line) => line.amount).sort((a, b) => a - b);

describe('checkout subscribes the campaign', () => {
  it('bills the list once and the package and number monthly, and activates with the period', async () => {
    const { client, campaign, intent, user } = await ownerWithIntent(api.baseUrl);
    expect(intent.amount).toBe(PRICED_DRAFT_CENTS);
    const subscription = await subscriptionOf(campaign.id);
    expect(subscription.status).toBe('incomplete');
    expect(subscription.metadata).toMatchObject({ campaignId: String(campaign.id), userId: String(user.id) });
    expect(subscription.items.data.map((item) => item.price.lookup_key).sort()).toEqual([
      'ringcast_calls_500_40000',
      'ringcast_number_2000',
    ]);
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(lineAmounts(invoice)).toEqual([2_000, 25_000, 40_000]);
    expect(invoice.total).toBe(PRICED_DRAFT_CENTS);

    // A reload finds the same subscription and intent.
    const again = await client.post('/api/create-payment-intent', { campaignId: campaign.id });
    expect(again.json).toMatchObject({ paymentIntentId: intent.paymentIntentId });

    expect((await confirmIntent(api.baseUrl, intent.clientSecret)).status).toBe(200);
    const res = await client.post('/api/activate-campaign', { paymentIntentId: intent.paymentIntentId });
    expect(res.status, res.text).toBe(200);
    const activated = (res.json as { campaign: Record<string, unknown> }).campaign;
    expect(activated).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, overage: false });
    const start = Date.parse(activated.currentPeriodStart as string);
    const end = Date.parse(activated.currentPeriodEnd as string);
    expect(end - start).toBeGreaterThanOrEqual(MONTH_MS);

    // invoice.paid reaches the invoices table through the webhook's job.
    const row = await waitFor(() => Invoice.findOne({ where: { campaignId: campaign.id, status: 'paid' } }));
    expect(row).toMatchObject({
      userId: user.id,
      totalCents: PRICED_DRAFT_CENTS,
      billingReason: 'subscription_create',
    });
    const billing = await billingOf(client);
    expect(billing.subscriptions).toEqual([
      expect.objectContaining({
        campaignId: campaign.id,
        status: 'active',
        monthlyAmount: '420.00',
        monthlyCallVolume: 500,
      }),
    ]);
    expect(billing.subscriptions[0]!.nextInvoice).toEqual({
      date: expect.stringMatching(/^\d{4}-/),
      amount: '420.00',
    });
    expect(billing.invoices[0]).toMatchObject({ total: '670.00', amountPaid: '670.00', status: 'paid' });
    expect(billing.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(billing.creditBalance).toBe('0.00');
  });

  it('without a list, the minimum first payment has a Prepaid credit line that becomes customer balance', async () => {
    const { client, campaign, user } = await subscribedOwner(api.baseUrl, SMALL_DRAFT, { ownList: true });
    const subscription = await subscriptionOf(campaign.id);
    const first = await stripe().invoices.retrieve(
      typeof subscription.latest_invoice === 'string'
        ? subscription.latest_invoice
        : subscription.latest_invoice!.id!,
    );
    expect(lineAmounts(first)).toEqual([8_000, 17_000]);
    expect(first.total).toBe(25_000);
    const customer = (await stripe().customers.retrieve(
      (await User.findByPk(user.id))!.stripeCustomerId!,
    )) as Stripe.Customer;
    expect(customer.balance).toBe(-17_000);
    expect(customer.test_clock).toBeTruthy();
    expect((await billingOf(client)).creditBalance).toBe('170.00');
  });

  it('the webhooks alone (payment_intent.succeeded, invoice.paid) activate the campaign and store its period', async () => {
    const { campaign, intent } = await ownerWithIntent(api.baseUrl);
    expect((await confirmIntent(api.baseUrl, intent.clientSecret)).status).toBe(200);
    const row = await waitFor(async () => {
      const current = await campaignRow(campaign.id);
      return current.setupPaymentProcessed && current.currentPeriodEnd ? current : null;
    });
    expect(row.status).toBe('active');
    await waitFor(() => Invoice.findOne({ where: { campaignId: campaign.id, status: 'paid' } }));
  });

  it('a coupon replaces the first invoice with a discounted one; the first subscription is cancelled', async () => {
    const { client, campaign, intent } = await ownerWithIntent(api.baseUrl);
    const first = await subscriptionOf(campaign.id);
    const res = await client.post('/api/apply-coupon', {
      couponCode: 'WELCOME10',
      paymentIntentId: intent.paymentIntentId,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ amount: 60_300, coupon: { id: 'WELCOME10' } });
    const replaced = res.json as { paymentIntentId: string; clientSecret: string };
    expect(replaced.paymentIntentId).not.toBe(intent.paymentIntentId);
    expect((await stripe().subscriptions.retrieve(first.id)).status).not.toBe('incomplete');
    const second = await subscriptionOf(campaign.id);
    expect(second.id).not.toBe(first.id);
    expect((second.latest_invoice as Stripe.Invoice).total).toBe(60_300);

    // A reload shows the discounted intent with its coupon.
    const reload = await client.post('/api/create-payment-intent', { campaignId: campaign.id });
    expect(reload.json).toMatchObject({
      paymentIntentId: replaced.paymentIntentId,
      amount: 60_300,
      coupon: { id: 'WELCOME10' },
    });

    // The replaced intent, paid anyway (Stripe would have cancelled it), is recorded but activates nothing.
    if (
      (await stripe().paymentIntents.retrieve(intent.paymentIntentId)).status === 'requires_payment_method'
    ) {
      expect((await confirmIntent(api.baseUrl, intent.clientSecret)).status).toBe(200);
      const stale = await client.post('/api/activate-campaign', { paymentIntentId: intent.paymentIntentId });
      expect(stale.status).toBe(409);
      expect((await campaignRow(campaign.id)).status).toBe('draft');
    }

    expect((await confirmIntent(api.baseUrl, replaced.clientSecret)).status).toBe(200);
    const activated = await client.post('/api/activate-campaign', {
      paymentIntentId: replaced.paymentIntentId,
    });
    expect(activated.status, activated.text).toBe(200);
    expect((await campaignRow(campaign.id)).status).toBe('active');
  });
});
