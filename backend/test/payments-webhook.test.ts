import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { Campaign, Payment } from '../src/db/models';
import { getQueue } from '../src/queues';
import { stripe } from '../src/providers/stripe';
import { waitFor } from './helpers/sockets';
import { ownerWithIntent, payWith, PRICED_DRAFT_CENTS } from './helpers/payments';
import { useTestApi } from './helpers/server';

const api = useTestApi({ worker: true });

afterAll(async () => {
  await getQueue('activateCampaign').resume();
});

/** An event as Stripe would send it, about the intent as Stripe holds it now. */
async function eventFor(
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  paymentIntentId: string,
) {
  const intent = await stripe().paymentIntents.retrieve(paymentIntentId);
  return JSON.stringify({
    id: `evt_test${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object: intent },
    livemode: false,
    type,
  });
}

const sign = (payload: string, secret = config.stripeWebhookSecret!) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

const postWebhook = async (payload: string, signature?: string) => {
  const res = await fetch(`${api.baseUrl}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) },
    body: payload,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

const campaignOf = (id: number) => Campaign.findByPk(id);
const jobId = (paymentIntentId: string) => `activate-${paymentIntentId}`;

describe('POST /webhooks/stripe', () => {
  it('activates the campaign from the sandbox’s own webhook, with no activate-campaign call', async () => {
    const { campaign, intent } = await ownerWithIntent(api.baseUrl);
    await payWith(intent.paymentIntentId);
    const activated = await waitFor(
      async () => {
        const row = await campaignOf(campaign.id);
        return row?.setupPaymentProcessed ? row : undefined;
      },
      15_000,
      'activation by the sandbox webhook',
    );
    expect(activated.status).toBe('active');
    const rows = await Payment.findAll({ where: { paymentIntentId: intent.paymentIntentId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', amountCents: PRICED_DRAFT_CENTS });
  });

  it('refuses a bad or missing signature and changes nothing; the same event signed properly activates', async () => {
    const { campaign, intent } = await ownerWithIntent(api.baseUrl);
    const queue = getQueue('activateCampaign');
    await queue.pause();
    try {
      // Pay, and take away the activation the sandbox's genuine webhook queued.
      await payWith(intent.paymentIntentId);
      const genuine = await waitFor(
        () => queue.getJob(jobId(intent.paymentIntentId)),
        15_000,
        'the genuine webhook’s job',
      );
      await genuine.remove();

      const payload = await eventFor('payment_intent.succeeded', intent.paymentIntentId);
      const forged = await postWebhook(payload, sign(payload, 'whsec_not_ours'));
      expect(forged.status).toBe(400);
      expect(forged.json).toEqual({ error: 'Invalid Stripe signature', code: 'invalid' });
      const unsigned = await postWebhook(payload);
      expect(unsigned.status).toBe(400);
      expect(unsigned.json).toEqual({ error: 'Missing Stripe-Signature header', code: 'invalid' });
      const tampered = await postWebhook(
        payload.replace('"livemode":false', '"livemode":true'),
        sign(payload),
      );
      expect(tampered.status).toBe(400);

      expect(await queue.getJob(jobId(intent.paymentIntentId))).toBeUndefined();
      expect((await campaignOf(campaign.id))?.status).toBe('draft');
      expect(await Payment.count({ where: { paymentIntentId: intent.paymentIntentId } })).toBe(0);

      const signed = await postWebhook(payload, sign(payload));
      expect(signed.status).toBe(200);
      expect(signed.json).toEqual({ received: true });
    } finally {
      await queue.resume();
    }
    await waitFor(async () => (await campaignOf(campaign.id))?.setupPaymentProcessed, 15_000, 'activation');
  });

  it('records a failed payment, and never lets a failure overwrite a success', async () => {
    const { intent } = await ownerWithIntent(api.baseUrl);
    await payWith(intent.paymentIntentId, 'pm_card_chargeDeclinedInsufficientFunds').catch(() => undefined);
    const failed = await waitFor(
      () => Payment.findOne({ where: { paymentIntentId: intent.paymentIntentId } }),
      15_000,
      'the failed payment',
    );
    expect(failed).toMatchObject({
      status: 'failed',
      description: 'Campaign setup: Spring reminders (Your card has insufficient funds.)',
    });

    await payWith(intent.paymentIntentId);
    await waitFor(
      async () =>
        (await Payment.findOne({ where: { paymentIntentId: intent.paymentIntentId } }))?.status ===
        'succeeded',
      15_000,
      'the success',
    );
    // A late (or replayed) failure event for the same intent.
    const payload = await eventFor('payment_intent.payment_failed', intent.paymentIntentId);
    expect((await postWebhook(payload, sign(payload))).status).toBe(200);
    const failureJob = getQueue('recordFailedPayment');
    const eventId = (JSON.parse(payload) as { id: string }).id;
    const job = await waitFor(
      () => failureJob.getJob(`failed-${intent.paymentIntentId}-${eventId}`),
      5000,
      'the failure job',
    );
    await waitFor(async () => (await job.getState()) === 'completed', 15_000, 'the failure job to finish');
    expect((await failureJob.getJob(job.id!))?.returnvalue).toBe('already_succeeded');
    const rows = await Payment.findAll({ where: { paymentIntentId: intent.paymentIntentId } });
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('succeeded');
  });

  it('acknowledges event types it does not handle', async () => {
    const payload = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    });
    const res = await postWebhook(payload, sign(payload));
    expect(res.status).toBe(200);
  });
});
