import type { BillingOverview, Campaign as CampaignDto } from '@ringcast/shared-types';
import { Campaign } from '../../src/db/models';
import type { TestClient } from './client';
import { confirmWithTestMethod, ownerWithIntent, PRICED_DRAFT } from './payments';

/** Confirms a checkout or invoice intent as the sandbox card form does, with a Stripe test method. */
export const confirmIntent = (baseUrl: string, clientSecret: string, paymentMethod = 'pm_card_visa') =>
  confirmWithTestMethod(baseUrl, 'payment_intents', clientSecret, paymentMethod);

/** Confirms a SetupIntent as the Update card form does. */
export const confirmSetupIntent = (baseUrl: string, clientSecret: string, paymentMethod: string) =>
  confirmWithTestMethod(baseUrl, 'setup_intents', clientSecret, paymentMethod);

export const billingOf = async (client: TestClient) => {
  const res = await client.get('/api/billing');
  if (res.status !== 200) throw new Error(`GET /api/billing: ${res.status} ${res.text}`);
  return res.json as unknown as BillingOverview;
};

/** A user whose campaign is paid at checkout with `paymentMethod` and activated: a live subscription. */
export async function subscribedOwner(baseUrl: string, draft: object = PRICED_DRAFT, options = {}) {
  const owner = await ownerWithIntent(baseUrl, draft, options);
  const paid = await confirmIntent(baseUrl, owner.intent.clientSecret);
  if (paid.status !== 200) throw new Error(`confirm failed: ${paid.status} ${JSON.stringify(paid.json)}`);
  const res = await owner.client.post('/api/activate-campaign', {
    paymentIntentId: owner.intent.paymentIntentId,
  });
  if (res.status !== 200) throw new Error(`activate failed: ${res.status} ${res.text}`);
  const campaign = (res.json as { campaign: CampaignDto }).campaign;
  return { ...owner, campaign };
}

export const campaignRow = (id: number) => Campaign.findByPk(id, { rejectOnEmpty: true });

export const admin = {
  advance: (client: TestClient, userId: number, days: number) =>
    client.post('/api/admin/sandbox/billing-clock', { userId, days }),
};
