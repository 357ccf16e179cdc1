import { describe, expect, it } from 'vitest';
import { callCostCents } from '@ringcast/shared-types';
import { config } from '../src/config';
import { Campaign, Invoice } from '../src/db/models';
import { stripe } from '../src/providers/stripe';
import { admin, billingOf, campaignRow, confirmSetupIntent, subscribedOwner } from './helpers/billingFlow';
import type { TestClient } from './helpers/client';
import { ownerWithDraft } from './helpers/payments';
import { useTestApi } from './helpers/server';
import { mailTo, waitForMail } from './helpers/mail';
import { collect, waitFor } from './helpers/sockets';

const api = useTestApi({ worker: true, admin: true });

const MONTHLY = callCostCents(500) + 2_000;

async function advance(userId: number, days: number) {
  const res = await admin.advance(api.admin, userId, days);
  expect(res.status, res.text).toBe(200);
  return res.json as { frozenTime: string };
}

/** Puts a card on file the way the Update card form does: a SetupIntent, confirmed, then made the default. */
async function updateCard(client: TestClient, paymentMethod: string) {
  const setup = await client.post('/api/billing/setup-intent', {});
  expect(setup.status, setup.text).toBe(200);
  const { clientSecret, setupIntentId } = setup.json as { clientSecret: string; setupIntentId: string };
  expect((await confirmSetupIntent(api.baseUrl, clientSecret, paymentMethod)).status).toBe(200);
  return client.post('/api/billing/payment-method', { setupIntentId });
}

/** The package the subscription's metered overage item is priced past, if it has one. */
async function overagePackageOf(campaignId: number) {
  const subscription = await stripe().subscriptions.retrieve(
    (await campaignRow(campaignId)).stripeSubscriptionId!,
  );
  const metered = subscription.items.data.find((item) => item.price.recurring?.usage_type === 'metered');
  return metered?.price.metadata.packageVolume ?? null;
}

const invoicesOf = (campaignId: number) =>
  Invoice.findAll({ where: { campaignId }, order: [['stripeCreatedAt', 'ASC']] });

describe('a subscription month after month', () => {
  it('renews on a clock advance: a second invoice of the package and the number, a new period', async () => {
    const { client, user, campaign } = await subscribedOwner(api.baseUrl);
    const [ownerSocket, adminSocket] = await Promise.all([api.openSocket(client), api.openSocket(api.admin)]);
    const ownerPushes = collect(ownerSocket, 'billing:updated');
    const adminPushes = collect(adminSocket, 'billing:updated');
    const before = await campaignRow(campaign.id);
    await advance(user.id, 31);
    const after = await campaignRow(campaign.id);
    expect(after.status).toBe('active');
    expect(after.currentPeriodStart!.getTime()).toBeGreaterThan(before.currentPeriodStart!.getTime());
    expect(after.currentPeriodStart!.getTime()).toBe(before.currentPeriodEnd!.getTime());
    const invoices = await invoicesOf(campaign.id);
    expect(invoices.map((i) => [i.billingReason, i.status, i.totalCents])).toEqual([
      ['subscription_create', 'paid', 67_000],
      ['subscription_cycle', 'paid', MONTHLY],
    ]);
    // The owner's tabs and the admins hear the renewal.
    for (const pushes of [ownerPushes, adminPushes])
      await waitFor(() =>
        pushes.find((push) => push.campaignId === campaign.id && push.latestInvoice?.total === '420.00'),
      );
    expect(ownerPushes.at(-1)!.subscription).toMatchObject({
      status: 'active',
      currentPeriodStart: after.currentPeriodStart!.toISOString(),
    });
  });

  it('a failing card: past_due, then an updated card pays the open invoice and the campaign resumes where it was', async () => {
    const { client, user, campaign } = await subscribedOwner(api.baseUrl);
    await client.request('PUT', `/api/campaigns/${campaign.id}`, { status: 'paused' });
    expect((await campaignRow(campaign.id)).status).toBe('paused');
    const failing = await updateCard(client, 'pm_card_chargeCustomerFail');
    expect(failing.status, failing.text).toBe(200);
    expect((failing.json as { card: { last4: string } }).card.last4).toBe('0341');

    await advance(user.id, 31);
    const pastDue = await campaignRow(campaign.id);
    expect(pastDue).toMatchObject({ status: 'past_due', statusBeforePastDue: 'paused' });
    const open = (await invoicesOf(campaign.id)).at(-1)!;
    expect(open).toMatchObject({ status: 'open', billingReason: 'subscription_cycle' });
    expect((await billingOf(client)).subscriptions[0]).toMatchObject({ status: 'past_due' });

    const fixed = await updateCard(client, 'pm_card_visa');
    expect(fixed.status, fixed.text).toBe(200);
    const resumed = await campaignRow(campaign.id);
    expect(resumed).toMatchObject({ status: 'paused', statusBeforePastDue: null });
    await waitFor(async () => (await Invoice.findByPk(open.id))?.status === 'paid');
  });

  it('after Stripe gives up on a failing card the campaign is canceled', async () => {
    const { client, user, campaign } = await subscribedOwner(api.baseUrl);
    expect((await updateCard(client, 'pm_card_chargeCustomerFail')).status).toBe(200);
    await advance(user.id, 31);
    expect((await campaignRow(campaign.id)).status).toBe('past_due');
    const failedSubject = `Payment failed for ${campaign.name}`;
    await waitForMail(user.email, (mail) => mail.subject === failedSubject);
    await advance(user.id, 10);
    const row = await campaignRow(campaign.id);
    expect(row.status).toBe('canceled');
    expect(row.canceledAt).toBeInstanceOf(Date);
    // The owner hears of the failure once (not at each of Stripe's retries) and of the ending once.
    await waitForMail(user.email, (mail) => mail.subject === `${campaign.name} was canceled`);
    const subjects = (await mailTo(user.email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject === failedSubject)).toHaveLength(1);
    expect(subjects.filter((subject) => subject === `${campaign.name} was canceled`)).toHaveLength(1);
  });

  it('cancels at the period end, resumes before it, and is canceled after it', async () => {
    const { client, user, campaign } = await subscribedOwner(api.baseUrl);
    const resumeEarly = await client.post(`/api/campaigns/${campaign.id}/resume`, {});
    expect(resumeEarly.status).toBe(409);
    expect(resumeEarly.json.error).toBe('This campaign is not set to cancel.');

    const cancel = await client.post(`/api/campaigns/${campaign.id}/cancel`, {});
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.json).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const read = await client.get(`/api/campaigns/${campaign.id}`);
    expect(read.json).toMatchObject({ cancelAtPeriodEnd: true, currentPeriodEnd: expect.any(String) });

    const resume = await client.post(`/api/campaigns/${campaign.id}/resume`, {});
    expect(resume.status, resume.text).toBe(200);
    expect(resume.json).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });

    expect((await client.post(`/api/campaigns/${campaign.id}/cancel`, {})).status).toBe(200);
    await advance(user.id, 31);
    const row = await campaignRow(campaign.id);
    expect(row).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect((await invoicesOf(campaign.id)).map((i) => i.billingReason)).toEqual(['subscription_create']);
    const again = await client.post(`/api/campaigns/${campaign.id}/cancel`, {});
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('This campaign is canceled.');
  });

  it('upgrades at once with a prorated invoice, and downgrades from the next period', async () => {
    const { client, user, campaign } = await subscribedOwner(api.baseUrl);
    const up = await client.request('PUT', `/api/campaigns/${campaign.id}/plan`, { monthlyCallVolume: 1000 });
    expect(up.status, up.text).toBe(200);
    expect(up.json).toMatchObject({ monthlyCallVolume: 1000 });
    const proration = await waitFor(async () =>
      (await invoicesOf(campaign.id)).find((i) => i.billingReason === 'subscription_update'),
    );
    expect(proration.totalCents).toBeGreaterThan(0);
    expect(proration.totalCents).toBeLessThanOrEqual(callCostCents(1000) - callCostCents(500));

    const down = await client.request('PUT', `/api/campaigns/${campaign.id}/plan`, {
      monthlyCallVolume: 250,
      overage: true,
    });
    expect(down.status, down.text).toBe(200);
    expect(down.json).toMatchObject({ monthlyCallVolume: 1000, overage: true });
    expect((await campaignRow(campaign.id)).pendingMonthlyCallVolume).toBe(250);
    // Overage on: a metered item priced past this period's package.
    expect(await overagePackageOf(campaign.id)).toBe('1000');

    await advance(user.id, 31);
    const row = await campaignRow(campaign.id);
    expect(row).toMatchObject({ monthlyCallVolume: 250, pendingMonthlyCallVolume: null, overage: true });
    await waitFor(async () => (await overagePackageOf(campaign.id)) === '250');
    const renewal = (await invoicesOf(campaign.id)).find((i) => i.billingReason === 'subscription_cycle');
    expect(renewal?.totalCents).toBe(callCostCents(250) + 2_000);
  });

  it('keeps overage on one campaign of an account at a time (a meter bills the customer’s sum)', async () => {
    const { client, campaign } = await subscribedOwner(api.baseUrl);
    const second = await client.post('/api/campaigns', { name: 'Autumn recall', type: 'quote' });
    expect(second.status, second.text).toBe(201);
    const secondId = (second.json as { id: number }).id;
    await Campaign.update(
      { status: 'active', setupPaymentProcessed: true, overage: true },
      { where: { id: secondId } },
    );
    const refused = await client.request('PUT', `/api/campaigns/${campaign.id}/plan`, { overage: true });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(
      'Keep calling past the package can be on for one campaign at a time: turn it off on "Autumn recall" first.',
    );
    expect((await campaignRow(campaign.id)).overage).toBe(false);
    expect(await overagePackageOf(campaign.id)).toBeNull();

    await Campaign.update({ overage: false }, { where: { id: secondId } });
    const allowed = await client.request('PUT', `/api/campaigns/${campaign.id}/plan`, { overage: true });
    expect(allowed.status, allowed.text).toBe(200);
    expect((await campaignRow(campaign.id)).overage).toBe(true);
  });

  it('refuses plan changes on someone else’s campaign, a draft, and bad input', async () => {
    const { campaign } = await subscribedOwner(api.baseUrl);
    const other = await subscribedOwner(api.baseUrl);
    const foreign = await other.client.request('PUT', `/api/campaigns/${campaign.id}/plan`, {
      overage: true,
    });
    expect(foreign.status).toBe(404);
    const draft = await ownerWithDraft(api.baseUrl);
    const unpaid = await draft.client.post(`/api/campaigns/${draft.campaign.id}/cancel`, {});
    expect(unpaid.status).toBe(409);
    expect(unpaid.json.error).toBe('This campaign has no subscription yet.');
    const bad = await other.client.request('PUT', `/api/campaigns/${other.campaign.id}/plan`, {
      monthlyCallVolume: 7,
    });
    expect(bad.status).toBe(400);
    const clock = await other.client.post('/api/admin/sandbox/billing-clock', {
      userId: other.user.id,
      days: 1,
    });
    expect(clock.status).toBe(403);
    const zero = await api.admin.post('/api/admin/sandbox/billing-clock', { userId: other.user.id, days: 0 });
    expect(zero.status).toBe(400);
    // A completed campaign is still billed, so it can be cancelled.
    await Campaign.update({ status: 'completed' }, { where: { id: other.campaign.id } });
    const completed = await other.client.post(`/api/campaigns/${other.campaign.id}/cancel`, {});
    expect(completed.status, completed.text).toBe(200);
    expect(completed.json).toMatchObject({ status: 'completed', cancelAtPeriodEnd: true });
    // With real Stripe keys there is no clock to advance.
    config.sandboxes.stripe = false;
    try {
      expect((await admin.advance(api.admin, other.user.id, 1)).status).toBe(404);
    } finally {
      config.sandboxes.stripe = true;
    }
  });
});
