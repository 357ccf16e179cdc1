import { describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { Campaign, Payment } from '../src/db/models';
import { stripe } from '../src/providers/stripe';
import { jobFinished, watchEnqueues } from './helpers/jobs';
import { ownerWithDraft, ownerWithIntent, payFromBrowser, PRICED_DRAFT_CENTS } from './helpers/payments';
import { useTestApi } from './helpers/server';

/**
 * The Stripe sandbox guarded as Stripe is: a stranger without this deployment's secret key can
 * neither read, confirm nor create intents, and activation never takes a discount on the word of
 * an intent's metadata. (The probes of 2026-11-23, numbers 30 to 33.)
 */
const api = useTestApi({ worker: true });

/** Keys a stranger could send: anything shaped like a key, and the sandbox's old fixed ones. */
const STRANGER_KEYS = ['sk_anything', 'sk_sandbox_ringcast', 'sk_test_4eC39HqLyjWDarjtT1zdp7dc'];

const sandbox = (method: string, path: string, key: string, body?: string) =>
  fetch(`${api.baseUrl}/sandbox/stripe/v1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
    },
    body,
  }).then(async (res) => ({ status: res.status, text: await res.text() }));

describe('Stripe sandbox keys', () => {
  it('refuses a stranger reading an intent, whatever secret-looking key they send', async () => {
    const { intent } = await ownerWithIntent(api.baseUrl);
    for (const key of STRANGER_KEYS) {
      const res = await sandbox('GET', `/payment_intents/${intent.paymentIntentId}`, key);
      expect(res.status, key).toBe(401);
      expect(res.text).not.toContain(intent.clientSecret);
      expect(res.text).toContain('Invalid API Key provided');
    }
    // The publishable key without the intent's client secret reads nothing either.
    const publishable = await sandbox(
      'GET',
      `/payment_intents/${intent.paymentIntentId}`,
      config.stripeSandbox.publishableKey,
    );
    expect(publishable.status).toBe(401);
    expect(publishable.text).not.toContain(intent.clientSecret);
  });

  it('refuses a stranger confirming a victim’s intent, and the victim’s campaign stays a draft', async () => {
    const { campaign, intent } = await ownerWithIntent(api.baseUrl);
    for (const key of STRANGER_KEYS) {
      const res = await sandbox(
        'POST',
        `/payment_intents/${intent.paymentIntentId}/confirm`,
        key,
        'payment_method=pm_card_visa',
      );
      expect(res.status, key).toBe(401);
    }
    const withoutSecret = await sandbox(
      'POST',
      `/payment_intents/${intent.paymentIntentId}/confirm`,
      config.stripeSandbox.publishableKey,
      'payment_method=pm_card_visa',
    );
    expect(withoutSecret.status).toBe(401);
    // A browser needs this deployment's publishable key as well as the client secret.
    const otherDeployment = await payFromBrowser(
      api.baseUrl,
      intent.clientSecret,
      {},
      { key: 'pk_sandbox_ringcast' },
    );
    expect(otherDeployment.status).toBe(401);

    expect((await stripe().paymentIntents.retrieve(intent.paymentIntentId)).status).toBe(
      'requires_payment_method',
    );
    expect((await Campaign.findByPk(campaign.id))?.status).toBe('draft');
    expect(await Payment.count({ where: { paymentIntentId: intent.paymentIntentId } })).toBe(0);
  });

  it('refuses a stranger creating an intent', async () => {
    const { user, campaign } = await ownerWithDraft(api.baseUrl);
    const forged = `amount=50&currency=usd&metadata[userId]=${user.id}&metadata[campaignId]=${campaign.id}`;
    for (const key of [...STRANGER_KEYS, config.stripeSandbox.publishableKey]) {
      expect((await sandbox('POST', '/payment_intents', key, forged)).status, key).toBe(401);
    }
  });

  it('answers the browser’s confirm with this deployment’s publishable key and the client secret', async () => {
    const { intent } = await ownerWithIntent(api.baseUrl);
    const paid = await payFromBrowser(api.baseUrl, intent.clientSecret);
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ id: intent.paymentIntentId, status: 'succeeded' });
  });
});

describe('activation and coupons', () => {
  /**
   * An intent carrying checkout metadata for the victim's campaign and a coupon's terms written
   * straight into it, paid: what probe 33 made with a stolen key. Activation must price it itself.
   */
  async function forgedPaidIntent(coupon: { id: string; amountOff: number }) {
    const { user, campaign } = await ownerWithDraft(api.baseUrl);
    const enqueues = await watchEnqueues('activateCampaign');
    const intent = await stripe().paymentIntents.create({
      amount: 50,
      currency: 'usd',
      metadata: {
        userId: String(user.id),
        campaignId: String(campaign.id),
        baseAmount: String(PRICED_DRAFT_CENTS),
        couponId: coupon.id,
        couponName: 'Forged',
        couponPercentOff: '',
        couponAmountOff: String(coupon.amountOff),
      },
    });
    await stripe().paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    // The sandbox's payment_intent.succeeded webhook runs the activation, as it did in the probe.
    await enqueues.until(`activate-${intent.id}`, 1);
    enqueues.stop();
    const result = await jobFinished('activateCampaign', `activate-${intent.id}`);
    return { campaign, intent, result };
  }

  it('does not activate on a coupon that Stripe does not know', async () => {
    const { campaign, intent, result } = await forgedPaidIntent({ id: 'FORGED', amountOff: 66_950 });
    expect(result).toMatchObject({ outcome: 'amount_mismatch', expected: PRICED_DRAFT_CENTS, received: 50 });
    expect(await Campaign.findByPk(campaign.id)).toMatchObject({
      status: 'draft',
      setupPaymentProcessed: false,
    });
    expect(await Payment.findOne({ where: { paymentIntentId: intent.id } })).toMatchObject({
      amountCents: 50,
      description: expect.stringContaining('not activated'),
    });
  });

  it('takes a real coupon’s terms from Stripe, not the amount written beside its id', async () => {
    // SAVE50 takes $50 off: $620 is due, whatever the metadata claims.
    const { campaign, result } = await forgedPaidIntent({ id: 'SAVE50', amountOff: 66_950 });
    expect(result).toMatchObject({ outcome: 'amount_mismatch', expected: PRICED_DRAFT_CENTS - 5000 });
    expect((await Campaign.findByPk(campaign.id))?.status).toBe('draft');
  });
});
