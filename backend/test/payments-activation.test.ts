import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { ActivateCampaignResponse, AdminPayment, Campaign as CampaignDto } from '@ringcast/shared-types';
import { Campaign, Payment } from '../src/db/models';
import { getQueue } from '../src/queues';
import { stripe } from '../src/providers/stripe';
import { adminClient } from './helpers/admin';
import { registeredClient, type TestClient } from './helpers/client';
import { collect, waitFor } from './helpers/sockets';
import { ownerWithIntent, payFromBrowser, payWith, PRICED_DRAFT_CENTS } from './helpers/payments';
import { useTestApi } from './helpers/server';
import { jobFinished, watchEnqueues } from './helpers/jobs';
import { sentinelReached } from './helpers/sentinel';

const api = useTestApi({ worker: true });

const activate = (client: TestClient, paymentIntentId: string) =>
  client.post('/api/activate-campaign', { paymentIntentId });

const paymentsOf = (paymentIntentId: string) => Payment.findAll({ where: { paymentIntentId } });

describe('POST /api/activate-campaign', () => {
  it('activates only after Stripe says the payment succeeded, and records the payment', async () => {
    const { client, user, campaign, intent } = await ownerWithIntent(api.baseUrl);

    const early = await activate(client, intent.paymentIntentId);
    expect(early.status, early.text).toBe(409);
    expect(early.json).toEqual({ error: 'Payment has not succeeded yet.', code: 'conflict' });
    expect((await Campaign.findByPk(campaign.id))?.status).toBe('draft');
    expect(await paymentsOf(intent.paymentIntentId)).toHaveLength(0);

    const paid = await payWith(intent.paymentIntentId);
    expect(paid.status).toBe('succeeded');
    // The earlier run found the intent unpaid; this call must run again, not reuse that answer.
    const res = await activate(client, intent.paymentIntentId);
    expect(res.status, res.text).toBe(200);
    const activated = (res.json as unknown as ActivateCampaignResponse).campaign;
    expect(activated).toMatchObject({ id: campaign.id, status: 'active', setupPaymentProcessed: true });

    const [payment, ...others] = await paymentsOf(intent.paymentIntentId);
    expect(others).toHaveLength(0);
    expect(payment).toMatchObject({
      userId: user.id,
      campaignId: campaign.id,
      amountCents: PRICED_DRAFT_CENTS,
      currency: 'usd',
      status: 'succeeded',
      description: 'Campaign setup: Spring reminders',
    });
  });

  it('is idempotent under two concurrent calls plus the webhook: one Payment row, announced once', async () => {
    const { client, campaign, intent } = await ownerWithIntent(api.baseUrl);
    const admin = await adminClient(api.baseUrl);
    const [adminSocket, ownerSocket] = await Promise.all([
      api.openSocket(admin.client),
      api.openSocket(client),
    ]);
    const adminPayments = collect(adminSocket, 'payment:recorded');
    const ownerCampaigns = collect(ownerSocket, 'campaign:updated');
    const jobId = `activate-${intent.paymentIntentId}`;
    const enqueues = await watchEnqueues('activateCampaign');

    await payWith(intent.paymentIntentId); // the sandbox sends payment_intent.succeeded as well
    const [a, b] = await Promise.all([
      activate(client, intent.paymentIntentId),
      activate(client, intent.paymentIntentId),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.campaign).toMatchObject({ status: 'active', setupPaymentProcessed: true });
    expect(b.json.campaign).toMatchObject({ status: 'active', setupPaymentProcessed: true });

    // The two calls and the webhook each enqueue the activation; once all three have and the job
    // has finished, every push a run made is in Redis ahead of the sentinel.
    await enqueues.until(jobId, 3);
    enqueues.stop();
    await jobFinished('activateCampaign', jobId);
    const pushedNow = () =>
      adminPayments.filter((p: AdminPayment) => p.paymentIntentId === intent.paymentIntentId);
    // The worker's emitter pipelines its publishes, so the push can reach Redis a moment after the
    // job is marked finished: wait for it, then let anything published after it arrive too.
    const activationsNow = () =>
      ownerCampaigns.filter((c: CampaignDto) => c.id === campaign.id && c.setupPaymentProcessed);
    await expect.poll(() => pushedNow().length).toBeGreaterThan(0);
    await expect.poll(() => activationsNow().length).toBeGreaterThan(0);
    await sentinelReached([adminSocket, ownerSocket]);
    expect(await paymentsOf(intent.paymentIntentId)).toHaveLength(1);
    const pushed = pushedNow();
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({
      campaignName: 'Spring reminders',
      status: 'succeeded',
      amount: PRICED_DRAFT_CENTS,
      currency: 'usd',
      email: expect.stringContaining('@example.com'),
    });
    expect(activationsNow()).toHaveLength(1);
  });

  it('answers a later call from the finished job’s stored result', async () => {
    const { client, intent } = await ownerWithIntent(api.baseUrl);
    await payWith(intent.paymentIntentId);
    expect((await activate(client, intent.paymentIntentId)).status).toBe(200);
    const job = await getQueue('activateCampaign').getJob(`activate-${intent.paymentIntentId}`);
    expect(await job?.getState()).toBe('completed');
    expect(job?.returnvalue).toMatchObject({ outcome: 'activated' });

    const again = await activate(client, intent.paymentIntentId);
    expect(again.status, again.text).toBe(200);
    expect(again.json.campaign).toMatchObject({ status: 'active', setupPaymentProcessed: true });
    expect(await paymentsOf(intent.paymentIntentId)).toHaveLength(1);
    // The same run answered: no new job was made.
    const after = await getQueue('activateCampaign').getJob(`activate-${intent.paymentIntentId}`);
    expect(after?.timestamp).toBe(job?.timestamp);
    expect(after?.finishedOn).toBe(job?.finishedOn);
  });

  it('activates a payment made from the browser’s card form', async () => {
    const { client, campaign, intent } = await ownerWithIntent(api.baseUrl);
    const paid = await payFromBrowser(api.baseUrl, intent.clientSecret);
    expect(paid.status).toBe(200);
    expect(paid.json.status).toBe('succeeded');
    const res = await activate(client, intent.paymentIntentId);
    expect(res.status, res.text).toBe(200);
    expect(res.json.campaign).toMatchObject({ id: campaign.id, status: 'active' });
  });

  it('charges the discounted amount after a coupon and activates on it', async () => {
    const { client, intent } = await ownerWithIntent(api.baseUrl);
    const applied = await client.post('/api/apply-coupon', {
      couponCode: 'WELCOME10',
      paymentIntentId: intent.paymentIntentId,
    });
    expect(applied.status).toBe(200);
    // The coupon replaced the first invoice: its intent is the one to pay.
    const replaced = applied.json.paymentIntentId as string;
    await payWith(replaced);
    const res = await activate(client, replaced);
    expect(res.status, res.text).toBe(200);
    const [payment] = await paymentsOf(replaced);
    expect(payment.amountCents).toBe(60_300);
  });

  it('leaves the campaign unpaid after a declined card, and records the failure', async () => {
    const { client, campaign, intent } = await ownerWithIntent(api.baseUrl);
    const declined = await payWith(intent.paymentIntentId, 'pm_card_chargeDeclined').catch(
      (err: unknown) => err,
    );
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      statusCode: 402,
    });
    expect((await stripe().paymentIntents.retrieve(intent.paymentIntentId)).status).toBe(
      'requires_payment_method',
    );

    const res = await activate(client, intent.paymentIntentId);
    expect(res.status).toBe(409);
    expect((await Campaign.findByPk(campaign.id))?.setupPaymentProcessed).toBe(false);
    // The sandbox's payment_intent.payment_failed webhook records the attempt for the admins.
    const failed = await waitFor(
      async () => (await paymentsOf(intent.paymentIntentId))[0],
      15_000,
      'the failed payment row',
    );
    expect(failed).toMatchObject({
      status: 'failed',
      amountCents: PRICED_DRAFT_CENTS,
      description: 'Campaign setup: Spring reminders (Your card was declined.)',
    });

    // A second card succeeds: the same row becomes the success.
    await payWith(intent.paymentIntentId);
    expect((await activate(client, intent.paymentIntentId)).status).toBe(200);
    const rows = await paymentsOf(intent.paymentIntentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', description: 'Campaign setup: Spring reminders' });
  });

  it('does not activate when the campaign’s price no longer matches what was paid', async () => {
    const { client, campaign, intent } = await ownerWithIntent(api.baseUrl);
    expect(
      (await client.request('PUT', `/api/campaigns/${campaign.id}`, { monthlyCallVolume: 2000 })).status,
    ).toBe(200);
    await payWith(intent.paymentIntentId);
    const res = await activate(client, intent.paymentIntentId);
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(
      "The amount paid does not match this campaign's price. Please contact support.",
    );
    expect((await Campaign.findByPk(campaign.id))?.status).toBe('draft');
    const [payment] = await paymentsOf(intent.paymentIntentId);
    expect(payment).toMatchObject({ status: 'succeeded', amountCents: PRICED_DRAFT_CENTS });
    expect(payment.description).toContain('not activated');
  });

  it('answers 404 for someone else’s intent, and for an unknown one', async () => {
    const { intent, campaign } = await ownerWithIntent(api.baseUrl);
    await payWith(intent.paymentIntentId);
    const { client } = await registeredClient(api.baseUrl);
    const foreign = await activate(client, intent.paymentIntentId);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ error: 'Payment not found', code: 'not_found' });
    expect((await activate(client, 'pi_unknown000000000000')).status).toBe(404);
    // The owner's campaign is activated all the same (by the webhook), never the stranger's.
    await waitFor(
      async () => (await Campaign.findByPk(campaign.id))?.setupPaymentProcessed,
      15_000,
      'activation by webhook',
    );
  });
});
