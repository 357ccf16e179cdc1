import { describe, expect, it } from 'vitest';
import { COUPON_ALREADY_APPLIED_MESSAGE, INVALID_COUPON_MESSAGE } from '@ringcast/shared-types';
import { config } from '../src/config';
import { Campaign, ProspectList, User } from '../src/db/models';
import { stripe } from '../src/providers/stripe';
import { registeredClient, TestClient } from './helpers/client';
import {
  COMPLETE_DRAFT_FIELDS,
  createIntent,
  ownerWithDraft,
  ownerWithIntent,
  payWith,
  PRICED_DRAFT,
  PRICED_DRAFT_CENTS,
} from './helpers/payments';
import { useTestApi } from './helpers/server';

const api = useTestApi();

const applyCoupon = (client: TestClient, couponCode: string, paymentIntentId: string) =>
  client.post('/api/apply-coupon', { couponCode, paymentIntentId });

describe('GET /api/payments/config', () => {
  it('tells the checkout page it is in sandbox mode, with the sandbox’s publishable key, to signed-in users only', async () => {
    expect((await new TestClient(api.baseUrl).get('/api/payments/config')).status).toBe(401);
    const { client } = await registeredClient(api.baseUrl);
    const res = await client.get('/api/payments/config');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ publishableKey: config.stripeSandbox.publishableKey, sandbox: true });
    // The secret key stays on the server.
    expect(res.text).not.toContain(config.stripeSandbox.secretKey);
  });
});

describe('POST /api/create-payment-intent', () => {
  it('needs a signed-in user and a campaign id', async () => {
    expect(
      (await new TestClient(api.baseUrl).post('/api/create-payment-intent', { campaignId: 1 })).status,
    ).toBe(401);
    const { client } = await registeredClient(api.baseUrl);
    const res = await client.post('/api/create-payment-intent', { amount: 670 });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ campaignId: 'campaignId is required' });
  });

  it('prices the campaign on the server and ignores a tampered amount', async () => {
    const { client, user, campaign } = await ownerWithDraft(api.baseUrl);
    const res = await createIntent(client, campaign.id, 1);
    expect(res.status, res.text).toBe(200);
    expect(res.intent).toMatchObject({ amount: PRICED_DRAFT_CENTS, currency: 'usd', coupon: null });
    expect(res.intent.clientSecret.startsWith(`${res.intent.paymentIntentId}_secret_`)).toBe(true);

    // What Stripe holds, read back through the SDK.
    const intent = await stripe().paymentIntents.retrieve(res.intent.paymentIntentId);
    expect(intent.amount).toBe(PRICED_DRAFT_CENTS);
    expect(intent.currency).toBe('usd');
    expect(intent.status).toBe('requires_payment_method');
    expect(intent.description).toBe('Campaign setup: Spring reminders');
    expect(intent.metadata).toEqual({
      userId: String(user.id),
      campaignId: String(campaign.id),
      baseAmount: String(PRICED_DRAFT_CENTS),
    });
    // The user became a Stripe customer, stored once and attached to the intent.
    const row = await User.findByPk(user.id);
    expect(row?.stripeCustomerId).toMatch(/^cus_/);
    expect(intent.customer).toBe(row?.stripeCustomerId);
    const session = await client.get('/api/auth/user');
    expect(session.json.stripeCustomerId).toBe(row?.stripeCustomerId);
  });

  it('raises a small order to the $250 minimum', async () => {
    const { client, campaign } = await ownerWithDraft(
      api.baseUrl,
      {
        name: 'Small run',
        type: 'appointment',
        ...COMPLETE_DRAFT_FIELDS,
        monthlyCallVolume: 100,
        useProvidedNumber: false,
      },
      { ownList: true },
    );
    const res = await createIntent(client, campaign.id, 80);
    expect(res.status, res.text).toBe(200);
    expect(res.intent.amount).toBe(25_000);
  });

  it('reuses the open intent on reload, and makes a new one when the price changes', async () => {
    const { client, campaign, intent } = await ownerWithIntent(api.baseUrl);
    const again = await createIntent(client, campaign.id);
    expect(again.intent.paymentIntentId).toBe(intent.paymentIntentId);
    expect(again.intent.clientSecret).toBe(intent.clientSecret);

    const update = await client.request('PUT', `/api/campaigns/${campaign.id}`, { monthlyCallVolume: 1000 });
    expect(update.status, update.text).toBe(200);
    const repriced = await createIntent(client, campaign.id);
    expect(repriced.intent.paymentIntentId).not.toBe(intent.paymentIntentId);
    expect(repriced.intent.amount).toBe(25_000 + 80_000 + 2_000);
  });

  it('answers 404 for someone else’s campaign or a missing one', async () => {
    const { campaign } = await ownerWithDraft(api.baseUrl);
    const { client } = await registeredClient(api.baseUrl);
    const foreign = await createIntent(client, campaign.id);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ error: 'Campaign not found', code: 'not_found' });
    expect((await createIntent(client, 999_999_999)).status).toBe(404);
  });

  it('refuses an incomplete draft with 409 naming what is missing, and asks Stripe for nothing', async () => {
    const { client, user, campaign } = await ownerWithDraft(api.baseUrl, {
      name: 'Half done',
      type: 'appointment',
      ...COMPLETE_DRAFT_FIELDS,
      scriptAnswering: null,
      monthlyCallVolume: 500,
    });
    const res = await createIntent(client, campaign.id, 400);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      error: 'This campaign is not ready to pay for: choose a prospect list, write the answering script.',
      code: 'campaign_incomplete',
    });
    // The Stripe customer is made just before the first intent: neither exists.
    expect((await User.findByPk(user.id))?.stripeCustomerId).toBeNull();

    // Completed in the wizard, the same draft can be paid for.
    const update = await client.request('PUT', `/api/campaigns/${campaign.id}`, {
      hasProvidedList: false,
      scriptAnswering: 'Hi, this is Ava from the clinic.',
    });
    expect(update.status, update.text).toBe(200);
    const ready = await createIntent(client, campaign.id);
    expect(ready.status, ready.text).toBe(200);
    expect(ready.intent.amount).toBe(25_000 + 40_000);
  });

  it('counts an own list whose file failed to parse as missing', async () => {
    const { client, campaign } = await ownerWithDraft(
      api.baseUrl,
      { ...PRICED_DRAFT, useProvidedNumber: false },
      { ownList: true },
    );
    await ProspectList.update({ status: 'failed' }, { where: { id: campaign.prospectListId! } });
    const res = await createIntent(client, campaign.id);
    expect(res.status).toBe(409);
    expect(res.json.error).toBe('This campaign is not ready to pay for: upload the prospect list file.');
  });

  it('refuses a campaign that is already paid for', async () => {
    const { client, campaign } = await ownerWithDraft(api.baseUrl);
    await Campaign.update({ setupPaymentProcessed: true, status: 'active' }, { where: { id: campaign.id } });
    const res = await createIntent(client, campaign.id);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: 'This campaign has already been paid for.', code: 'conflict' });
  });
});

describe('POST /api/apply-coupon', () => {
  it('applies a percentage promotion code once, with the amount computed on the server', async () => {
    const { client, campaign, intent } = await ownerWithIntent(api.baseUrl);
    const res = await applyCoupon(client, '  WELCOME10 ', intent.paymentIntentId);
    expect(res.status, res.text).toBe(200);
    // The coupon is a discount on a new first invoice: its intent is what the card form confirms now.
    const replaced = res.json as { paymentIntentId: string; clientSecret: string };
    expect(replaced.paymentIntentId).not.toBe(intent.paymentIntentId);
    expect(replaced.clientSecret.startsWith(`${replaced.paymentIntentId}_secret_`)).toBe(true);
    expect(res.json).toEqual({
      coupon: { id: 'WELCOME10', name: 'Welcome 10%', percent_off: 10, amount_off: null },
      amount: 60_300,
      ...replaced,
    });
    expect((await stripe().paymentIntents.retrieve(replaced.paymentIntentId)).amount).toBe(60_300);

    // Neither the new intent nor the replaced one takes a second coupon.
    const second = await applyCoupon(client, 'SAVE50', replaced.paymentIntentId);
    expect(second.status).toBe(409);
    expect(second.json).toEqual({ error: COUPON_ALREADY_APPLIED_MESSAGE, code: 'conflict' });
    const onReplaced = await applyCoupon(client, 'SAVE50', intent.paymentIntentId);
    expect(onReplaced.status).toBe(409);
    expect(onReplaced.json.error).toBe('This payment can no longer be changed.');
    expect((await stripe().paymentIntents.retrieve(replaced.paymentIntentId)).amount).toBe(60_300);

    // A reload of the checkout page finds the discounted intent with its coupon.
    const reload = await createIntent(client, campaign.id);
    expect(reload.intent).toMatchObject({
      paymentIntentId: replaced.paymentIntentId,
      amount: 60_300,
      coupon: { id: 'WELCOME10', name: 'Welcome 10%', percent_off: 10, amount_off: null },
    });
  });

  it('applies a fixed amount off (amount_off in cents), whatever the case of the code', async () => {
    const { client, intent } = await ownerWithIntent(api.baseUrl);
    const res = await applyCoupon(client, 'save50', intent.paymentIntentId);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      coupon: { id: 'SAVE50', name: 'Save $50', percent_off: null, amount_off: 5000 },
      amount: PRICED_DRAFT_CENTS - 5000,
    });
  });

  it('falls back to a coupon id when no promotion code matches', async () => {
    const { client, intent } = await ownerWithIntent(api.baseUrl);
    const res = await applyCoupon(client, 'TEAM25', intent.paymentIntentId);
    expect(res.status, res.text).toBe(200);
    expect(res.json.amount).toBe(50_250);
  });

  it('refuses unknown, expired and inactive codes with the Invalid Coupon message, and then still takes a good one', async () => {
    const { client, intent } = await ownerWithIntent(api.baseUrl);
    for (const code of ['NOPE', 'EXPIRED20', 'SPRING15', 'welcome10-x']) {
      const res = await applyCoupon(client, code, intent.paymentIntentId);
      expect(res.status, code).toBe(400);
      expect(res.json).toEqual({
        error: INVALID_COUPON_MESSAGE,
        code: 'invalid',
        fields: { couponCode: INVALID_COUPON_MESSAGE },
      });
    }
    expect((await stripe().paymentIntents.retrieve(intent.paymentIntentId)).amount).toBe(PRICED_DRAFT_CENTS);
    expect((await applyCoupon(client, 'WELCOME10', intent.paymentIntentId)).status).toBe(200);
  });

  it('validates the body', async () => {
    const { client, intent } = await ownerWithIntent(api.baseUrl);
    const blank = await applyCoupon(client, '   ', intent.paymentIntentId);
    expect(blank.status).toBe(400);
    expect(blank.json.fields).toEqual({ couponCode: 'Please enter a coupon code' });
    const badId = await applyCoupon(client, 'WELCOME10', 'cs_123');
    expect(badId.status).toBe(400);
    expect(badId.json.fields).toEqual({
      paymentIntentId: 'paymentIntentId must be a payment intent id (pi_...)',
    });
  });

  it('lets two racing requests apply only one coupon', async () => {
    const { client, intent } = await ownerWithIntent(api.baseUrl);
    const results = await Promise.all([
      applyCoupon(client, 'WELCOME10', intent.paymentIntentId),
      applyCoupon(client, 'SAVE50', intent.paymentIntentId),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const applied = results.find((r) => r.status === 200)!;
    const replaced = applied.json.paymentIntentId as string;
    expect((await stripe().paymentIntents.retrieve(replaced)).amount).toBe(applied.json.amount);
  });

  it('answers 404 for someone else’s intent or an unknown one', async () => {
    const { intent } = await ownerWithIntent(api.baseUrl);
    const { client } = await registeredClient(api.baseUrl);
    const foreign = await applyCoupon(client, 'WELCOME10', intent.paymentIntentId);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ error: 'Payment not found', code: 'not_found' });
    expect((await applyCoupon(client, 'WELCOME10', 'pi_doesnotexist123')).status).toBe(404);
    expect((await stripe().paymentIntents.retrieve(intent.paymentIntentId)).amount).toBe(PRICED_DRAFT_CENTS);
  });

  it('refuses a coupon on a payment that has already succeeded', async () => {
    const { client, intent } = await ownerWithIntent(api.baseUrl);
    await payWith(intent.paymentIntentId);
    const res = await applyCoupon(client, 'WELCOME10', intent.paymentIntentId);
    expect(res.status).toBe(409);
    expect(res.json.error).toBe('This payment has already been completed.');
  });

  it('keeps the discounted amount above Stripe’s minimum charge', async () => {
    // The cheapest checkout is $250; a $50 coupon leaves $200. The floor matters only for larger coupons.
    const { client, intent } = await ownerWithIntent(
      api.baseUrl,
      { ...PRICED_DRAFT, monthlyCallVolume: 100, useProvidedNumber: false },
      { ownList: true },
    );
    const res = await applyCoupon(client, 'SAVE50', intent.paymentIntentId);
    expect(res.json.amount).toBe(20_000);
  });
});
