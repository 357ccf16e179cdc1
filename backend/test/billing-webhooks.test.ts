import Stripe from 'stripe';
import { Op } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { Campaign, Invoice, StripeEvent, User } from '../src/db/models';
import { stripe } from '../src/providers/stripe';
import { applyStripeEvent } from '../src/services/billing/applyStripeEvent';
import { admin, campaignRow, confirmSetupIntent, subscribedOwner } from './helpers/billingFlow';
import type { TestClient } from './helpers/client';
import { useTestApi } from './helpers/server';
import { shuffled } from './helpers/shuffled';
import { waitFor } from './helpers/sockets';

const api = useTestApi({ worker: true, admin: true });

const BILLING_COLUMNS = [
  'status',
  'statusBeforePastDue',
  'currentPeriodStart',
  'currentPeriodEnd',
  'cancelAtPeriodEnd',
  'canceledAt',
  'monthlyCallVolume',
  'pendingMonthlyCallVolume',
  'stripeSubscriptionId',
] as const;

async function stateOf(campaignId: number) {
  const campaign = await campaignRow(campaignId);
  const invoices = await Invoice.findAll({ where: { campaignId }, order: [['id', 'ASC']], raw: true });
  return {
    campaign: Object.fromEntries(BILLING_COLUMNS.map((column) => [column, campaign.get(column)])),
    invoices: invoices.map(({ createdAt: _c, updatedAt: _u, ...invoice }) => invoice),
  };
}

async function updateCard(client: TestClient, paymentMethod: string) {
  const setup = await client.post('/api/billing/setup-intent', {});
  const { clientSecret, setupIntentId } = setup.json as { clientSecret: string; setupIntentId: string };
  expect((await confirmSetupIntent(api.baseUrl, clientSecret, paymentMethod)).status).toBe(200);
  return client.post('/api/billing/payment-method', { setupIntentId });
}

/** Every event Stripe sent about the customer since `since` (seconds). */
async function customerEvents(customer: string, since: number) {
  const events = await stripe()
    .events.list({ created: { gte: since }, limit: 100 })
    .autoPagingToArray({ limit: 5000 });
  return events.filter((event) => {
    const object = event.data.object as { id?: string; customer?: string };
    return object.customer === customer || object.id === customer;
  });
}

describe('Stripe billing webhooks', () => {
  it('replayed twice and shuffled, every event leaves the same state', async () => {
    const since = Math.floor(Date.now() / 1000) - 1;
    const { client, user, campaign } = await subscribedOwner(api.baseUrl);
    expect((await updateCard(client, 'pm_card_chargeCustomerFail')).status).toBe(200);
    expect((await admin.advance(api.admin, user.id, 31)).status).toBe(200);
    expect((await campaignRow(campaign.id)).status).toBe('past_due');
    expect((await updateCard(client, 'pm_card_visa')).status).toBe(200);
    expect((await client.post(`/api/campaigns/${campaign.id}/cancel`, {})).status).toBe(200);
    expect((await admin.advance(api.admin, user.id, 31)).status).toBe(200);

    const customer = (await User.findByPk(user.id))!.stripeCustomerId!;
    const events = await customerEvents(customer, since);
    const types = new Set(events.map((event) => event.type));
    for (const type of [
      'invoice.paid',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ])
      expect(types, type).toContain(type);
    await waitFor(
      async () =>
        (await StripeEvent.count({ where: { id: { [Op.in]: events.map((e) => e.id) } } })) === events.length,
    );
    const settled = await stateOf(campaign.id);
    expect(settled.campaign.status).toBe('canceled');

    // Ringcast forgets what it applied and is put in a stale state; the events come again, twice, in any order.
    await StripeEvent.destroy({ where: { id: { [Op.in]: events.map((e) => e.id) } } });
    await Invoice.destroy({ where: { campaignId: campaign.id } });
    await Campaign.update(
      { status: 'past_due', statusBeforePastDue: 'active', canceledAt: null },
      { where: { id: campaign.id } },
    );
    const outcomes = [];
    for (const event of shuffled([...events, ...events])) {
      const objectId = (event.data.object as { id: string }).id;
      outcomes.push(await applyStripeEvent({ stripeEventId: event.id, type: event.type, objectId }));
    }
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(events.length);
    expect(await stateOf(campaign.id)).toEqual(settled);
  });

  it('a redelivered event is recorded once', async () => {
    const { campaign } = await subscribedOwner(api.baseUrl);
    const subscriptionId = (await campaignRow(campaign.id)).stripeSubscriptionId!;
    const subscription = await stripe().subscriptions.retrieve(subscriptionId);
    const payload = JSON.stringify({
      id: `evt_replay${Date.now()}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: subscription },
      livemode: false,
      type: 'customer.subscription.updated',
    });
    const eventId = (JSON.parse(payload) as { id: string }).id;
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${api.baseUrl}/webhooks/stripe`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: config.stripeWebhookSecret!,
          }),
        },
        body: payload,
      });
      expect(res.status).toBe(200);
    }
    await waitFor(() => StripeEvent.findByPk(eventId));
    expect(await StripeEvent.count({ where: { id: eventId } })).toBe(1);
    expect(
      await applyStripeEvent({
        stripeEventId: eventId,
        type: 'customer.subscription.updated',
        objectId: subscriptionId,
      }),
    ).toBe('duplicate');
  });
});
