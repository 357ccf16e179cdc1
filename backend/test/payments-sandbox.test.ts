import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { stripe } from '../src/providers/stripe';
import { payFromBrowser, type StripeJson } from './helpers/payments';
import { useTestApi } from './helpers/server';

/**
 * The Stripe sandbox as the SDK and the checkout page's card form see it: Stripe's paths, shapes,
 * errors and idempotency. (Webhook delivery is covered in payments-webhook.test.ts.)
 */
const api = useTestApi();

const newIntent = (amount = 25_000, options?: Stripe.RequestOptions) =>
  stripe().paymentIntents.create({ amount, currency: 'usd', metadata: { test: 'sandbox' } }, options);

const raw = async (method: string, path: string, { body, key }: { body?: string; key?: string } = {}) => {
  const res = await fetch(`${api.baseUrl}/sandbox/stripe${path}`, {
    method,
    headers: {
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
    },
    body,
  });
  return { status: res.status, json: (await res.json()) as StripeJson };
};

describe('Stripe sandbox: payment intents through the SDK', () => {
  it('creates, retrieves and updates an intent in Stripe’s shape', async () => {
    const created = await newIntent();
    expect(created).toMatchObject({
      object: 'payment_intent',
      amount: 25_000,
      currency: 'usd',
      status: 'requires_payment_method',
      metadata: { test: 'sandbox' },
      livemode: false,
    });
    expect(created.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_`));

    const updated = await stripe().paymentIntents.update(created.id, {
      amount: 20_000,
      metadata: { coupon: 'X', test: '' },
    });
    expect(updated.amount).toBe(20_000);
    expect(updated.metadata).toEqual({ coupon: 'X' });
    expect((await stripe().paymentIntents.retrieve(created.id)).amount).toBe(20_000);
  });

  it('honours Idempotency-Key: the same request returns the same intent, a different one is refused', async () => {
    const key = `test-${Date.now()}`;
    const first = await newIntent(30_000, { idempotencyKey: key });
    const second = await newIntent(30_000, { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    const other = await newIntent(31_000, { idempotencyKey: key }).catch((err: unknown) => err);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('confirms pm_card_visa, then refuses to confirm or change the succeeded intent', async () => {
    const intent = await newIntent();
    const paid = await stripe().paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 25_000, last_payment_error: null });
    expect(paid.payment_method).toMatch(/^pm_/);

    const again = await stripe()
      .paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again).toMatchObject({ code: 'payment_intent_unexpected_state' });
    const update = await stripe()
      .paymentIntents.update(intent.id, { amount: 100 })
      .catch((e: unknown) => e);
    expect(update).toMatchObject({ code: 'payment_intent_unexpected_state', statusCode: 400 });
  });

  it('declines pm_card_chargeDeclined with Stripe’s card_error shape', async () => {
    const intent = await newIntent();
    const res = await raw('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      key: config.stripeSandbox.secretKey,
      body: 'payment_method=pm_card_chargeDeclined',
    });
    expect(res.status).toBe(402);
    expect(res.json.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      payment_intent: {
        id: intent.id,
        status: 'requires_payment_method',
        last_payment_error: { code: 'card_declined' },
      },
    });
    const unknown = await stripe()
      .paymentIntents.confirm(intent.id, { payment_method: 'pm_nope' })
      .catch((e: unknown) => e);
    expect(unknown).toMatchObject({ code: 'resource_missing', param: 'payment_method', statusCode: 404 });
  });

  it('finds promotion codes (list shape, coupon expandable) and coupons by id', async () => {
    const list = await stripe().promotionCodes.list({
      code: 'WELCOME10',
      active: true,
      expand: ['data.promotion.coupon'],
    });
    expect(list.object).toBe('list');
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ object: 'promotion_code', code: 'WELCOME10', active: true });
    expect(list.data[0].promotion.coupon).toMatchObject({
      id: 'WELCOME10',
      percent_off: 10,
      name: 'Welcome 10%',
      valid: true,
    });
    expect((await stripe().promotionCodes.list({ code: 'SAVE50' })).data[0].promotion.coupon).toBe('SAVE50');
    expect((await stripe().promotionCodes.list({ code: 'EXPIRED20', active: true })).data).toHaveLength(0);

    expect(await stripe().coupons.retrieve('SAVE50')).toMatchObject({
      amount_off: 5000,
      currency: 'usd',
      name: 'Save $50',
    });
    expect((await stripe().coupons.retrieve('EXPIRED20')).valid).toBe(false);
    const missing = await raw('GET', '/v1/coupons/NOPE', { key: config.stripeSandbox.secretKey });
    expect(missing).toEqual({
      status: 404,
      json: {
        error: expect.objectContaining({
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: "No such coupon: 'NOPE'",
        }),
      },
    });
  });

  it('checks API keys as Stripe does', async () => {
    expect((await raw('GET', '/v1/coupons/SAVE50')).status).toBe(401);
    expect((await raw('GET', '/v1/coupons/SAVE50', { key: 'nonsense' })).status).toBe(401);
    const publishable = await raw('POST', '/v1/payment_intents', {
      key: config.stripeSandbox.publishableKey,
      body: 'amount=5000&currency=usd',
    });
    expect(publishable.status).toBe(401);
    expect(publishable.json.error?.message).toMatch(/publishable API key/);
    const unknownParam = await raw('POST', '/v1/payment_intents', {
      key: config.stripeSandbox.secretKey,
      body: 'amount=5000&currency=usd&amuont=1',
    });
    expect(unknownParam).toMatchObject({
      status: 400,
      json: { error: { code: 'parameter_unknown', param: 'amuont' } },
    });
    const tooSmall = await raw('POST', '/v1/payment_intents', {
      key: config.stripeSandbox.secretKey,
      body: 'amount=49&currency=usd',
    });
    expect(tooSmall).toMatchObject({ status: 400, json: { error: { code: 'amount_too_small' } } });
    expect((await raw('GET', '/v1/charges', { key: config.stripeSandbox.secretKey })).status).toBe(404);
  });
});

describe('Stripe sandbox: the browser’s confirm (publishable key + client secret)', () => {
  it('charges 4242 4242 4242 4242 and answers the intent without its server-side fields', async () => {
    const intent = await newIntent();
    const res = await payFromBrowser(api.baseUrl, intent.client_secret!);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: intent.id, status: 'succeeded', amount: 25_000 });
    expect(res.json.metadata).toBeUndefined();
    expect(res.json.customer).toBeUndefined();
    expect((await stripe().paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
  });

  it('also takes the publishable key as a Bearer token, and lets the browser read its intent', async () => {
    const intent = await newIntent();
    const res = await payFromBrowser(api.baseUrl, intent.client_secret!, {}, {});
    expect(res.status).toBe(401);
    const bearer = await fetch(
      `${api.baseUrl}/sandbox/stripe/v1/payment_intents/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret!)}`,
      { headers: { Authorization: `Bearer ${config.stripeSandbox.publishableKey}` } },
    );
    expect(bearer.status).toBe(200);
    expect(await bearer.json()).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
  });

  it('refuses a wrong or missing client secret', async () => {
    const intent = await newIntent();
    const wrong = await payFromBrowser(api.baseUrl, `${intent.id}_secret_wrong`);
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'payment_intent_invalid_parameter',
      param: 'client_secret',
    });
    const missing = await fetch(`${api.baseUrl}/sandbox/stripe/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `key=${config.stripeSandbox.publishableKey}&payment_method_data[type]=card&payment_method_data[card][number]=4242424242424242`,
    });
    expect(missing.status).toBe(401);
    expect((await stripe().paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
  });

  it('declines 4000 0000 0000 0002 and reports card problems the way Stripe does', async () => {
    const intent = await newIntent();
    const declined = await payFromBrowser(api.baseUrl, intent.client_secret!, { number: '4000000000000002' });
    expect(declined.status).toBe(402);
    expect(declined.json.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      payment_intent: { id: intent.id, status: 'requires_payment_method' },
    });

    const cases: [Record<string, string>, string, string][] = [
      [{ number: '4111111111111112' }, 'incorrect_number', 'Your card number is incorrect.'],
      [{ exp_year: '2020' }, 'invalid_expiry_year', "Your card's expiration year is invalid."],
      [{ exp_month: '13' }, 'invalid_expiry_month', "Your card's expiration month is invalid."],
      [{ cvc: '' }, 'incomplete_cvc', "Your card's security code is incomplete."],
      [{ number: '' }, 'incomplete_number', 'Your card number is incomplete.'],
    ];
    for (const [card, code, message] of cases) {
      const res = await payFromBrowser(api.baseUrl, intent.client_secret!, card);
      expect(res.status, code).toBe(402);
      expect(res.json.error, code).toMatchObject({ type: 'card_error', code, message });
    }
    // After all that, a good card still pays.
    expect((await payFromBrowser(api.baseUrl, intent.client_secret!)).json.status).toBe('succeeded');
  });
});
