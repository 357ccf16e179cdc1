import type { Campaign as CampaignDto, CreatePaymentIntentResponse } from '@ringcast/shared-types';
import { config } from '../../src/config';
import { stripe } from '../../src/providers/stripe';
import { registeredClient, type TestClient } from './client';
import { uploadFile } from './prospectFiles';

/** What every complete draft has besides its list, volume and number choices. */
export const COMPLETE_DRAFT_FIELDS = {
  audienceIndustry: 'healthcare',
  audienceAgeRange: '26-35',
  goal: 'Book annual checkups',
  aiAgentName: 'Ava',
  aiAgentVoice: 'female',
  aiAgentTone: 'friendly',
  scriptAnswering: 'Hi, this is Ava from the clinic.',
  companyWebsites: 'https://clinic.example',
};

/**
 * A complete draft priced by checkoutTotalCents at $670: targeted list $250 + 500 calls $400 +
 * number $20.
 */
export const PRICED_DRAFT = {
  name: 'Spring reminders',
  type: 'appointment',
  ...COMPLETE_DRAFT_FIELDS,
  hasProvidedList: false,
  monthlyCallVolume: 500,
  useProvidedNumber: true,
  providedNumberAreaCode: '907',
};
export const PRICED_DRAFT_CENTS = 67_000;

/** The draft's own list: a one-number CSV uploaded by the owner, and the consent box ticked. */
async function ownListFields(client: TestClient) {
  const upload = await uploadFile(client, 'leads.csv', 'Phone\n2125550100\n');
  if (upload.status !== 201) throw new Error(`upload failed: ${upload.status} ${upload.text}`);
  const { id } = upload.json.prospectList as { id: number };
  return { hasProvidedList: true, prospectListId: id, prospectsOptedIn: true };
}

/** A new user with a draft; `ownList` uploads a list for it first (no list to buy). */
export async function ownerWithDraft(
  baseUrl: string,
  draft: object = PRICED_DRAFT,
  { ownList = false } = {},
) {
  const owner = await registeredClient(baseUrl);
  const body = ownList ? { ...draft, ...(await ownListFields(owner.client)) } : draft;
  const res = await owner.client.post('/api/campaigns', body);
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
export async function ownerWithIntent(baseUrl: string, draft: object = PRICED_DRAFT, options = {}) {
  const owner = await ownerWithDraft(baseUrl, draft, options);
  const created = await createIntent(owner.client, owner.campaign.id);
  if (created.status !== 200)
    throw new Error(`create-payment-intent failed: ${created.status} ${created.text}`);
  return { ...owner, intent: created.intent };
}

/** Pays the intent the way a server-side test does with Stripe: the SDK and a test payment method. */
export const payWith = (paymentIntentId: string, paymentMethod = 'pm_card_visa') =>
  stripe().paymentIntents.confirm(paymentIntentId, { payment_method: paymentMethod });

/** A Stripe answer as JSON: an object, or `{ error: { type, code, message, ... } }`. */
/**
 * Confirms an intent as the browser's card form does: the publishable key, the intent's client
 * secret and a Stripe test payment method. `payment_intents` for checkout and invoices,
 * `setup_intents` for the Update card form.
 */
export async function confirmWithTestMethod(
  baseUrl: string,
  kind: 'payment_intents' | 'setup_intents',
  clientSecret: string,
  paymentMethod = 'pm_card_visa',
) {
  const id = clientSecret.split('_secret_')[0];
  const res = await fetch(`${baseUrl}/sandbox/stripe/v1/${kind}/${id}/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl },
    body: new URLSearchParams({
      key: config.stripeSandbox.publishableKey,
      client_secret: clientSecret,
      payment_method: paymentMethod,
    }).toString(),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

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
  extra: Record<string, string> = { key: config.stripeSandbox.publishableKey },
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
