import type { Campaign as CampaignDto, CreatePaymentIntentResponse } from '@ringcast/shared-types';
import { config } from '../../src/config';
import { stripe } from '../../src/providers/stripe';
import { registeredClient, type TestClient } from './client';
import { startTestApi } from './server';

/**
 * The api in this test process, serving the Stripe sandbox too. Our Stripe SDK (here and in a
 * worker spawned afterwards) and the sandbox's webhook delivery must reach this api, whose port
 * is only known now: config is pointed at it, and SANDBOX_URL for child processes.
 */
export async function startPaymentsApi() {
  const api = await startTestApi();
  config.sandboxUrl = api.baseUrl;
  process.env.SANDBOX_URL = api.baseUrl;
  return api;
}

/**
 * A draft priced by checkoutTotalCents at $670: targeted list $250 + 500 calls $400 + number $20.
 */
export const PRICED_DRAFT = {
  name: 'Spring reminders',
  type: 'appointment',
  hasProvidedList: false,
  monthlyCallVolume: 500,
  useProvidedNumber: true,
  providedNumberAreaCode: '907',
};
export const PRICED_DRAFT_CENTS = 67_000;

export async function ownerWithDraft(baseUrl: string, draft: object = PRICED_DRAFT) {
  const owner = await registeredClient(baseUrl);
  const res = await owner.client.post('/api/campaigns', draft);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return { ...owner, campaign: res.json as unknown as CampaignDto };
}

export async function createIntent(client: TestClient, campaignId: number, amount?: number) {
  const res = await client.post('/api/create-payment-intent', {
    campaignId,
    ...(amount === undefined ? {} : { amount }),
  });
  return { ...res, intent: res.json as unknown as CreatePaymentIntentResponse };
}

/** A user with a draft and its open intent. */
export async function ownerWithIntent(baseUrl: string, draft: object = PRICED_DRAFT) {
  const owner = await ownerWithDraft(baseUrl, draft);
  const created = await createIntent(owner.client, owner.campaign.id);
  if (created.status !== 200)
    throw new Error(`create-payment-intent failed: ${created.status} ${created.text}`);
  return { ...owner, intent: created.intent };
}

/** Pays the intent the way a server-side test does with Stripe: the SDK and a test payment method. */
export const payWith = (paymentIntentId: string, paymentMethod = 'pm_card_visa') =>
  stripe().paymentIntents.confirm(paymentIntentId, { payment_method: paymentMethod });

/** A Stripe answer as JSON: an object, or `{ error: { type, code, message, ... } }`. */
export interface StripeJson {
  [key: string]: unknown;
  status?: string;
  error?: { [key: string]: unknown; message: string };
}

/** Pays the way the checkout page's sandbox card form does: a form post with the client secret. */
export async function payFromBrowser(
  baseUrl: string,
  clientSecret: string,
  card: Partial<Record<'number' | 'exp_month' | 'exp_year' | 'cvc', string>> = {},
  extra: Record<string, string> = { key: 'pk_sandbox_ringcast' },
) {
  const paymentIntentId = clientSecret.split('_secret_')[0];
  const details = { number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2030', cvc: '123', ...card };
  const form = new URLSearchParams({
    ...extra,
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    ...Object.fromEntries(
      Object.entries(details)
        .filter(([, value]) => value !== '')
        .map(([name, value]) => [`payment_method_data[card][${name}]`, value]),
    ),
  });
  const res = await fetch(`${baseUrl}/sandbox/stripe/v1/payment_intents/${paymentIntentId}/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl },
    body: form.toString(),
  });
  return { status: res.status, json: (await res.json()) as StripeJson };
}
