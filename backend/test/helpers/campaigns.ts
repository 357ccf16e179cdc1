import type { Campaign as CampaignDto } from '@ringcast/shared-types';
import { Campaign } from '../../src/db/models';
import { registeredClient, type TestClient } from './client';

export const DRAFT = { name: 'Spring reminders', type: 'appointment' };

export const putCampaign = (client: TestClient, id: number | string, body: unknown) =>
  client.request('PUT', `/api/campaigns/${id}`, body);
export const deleteCampaign = (client: TestClient, id: number | string) =>
  client.request('DELETE', `/api/campaigns/${id}`);

/** A new user with one draft made through the API. */
export async function userWithDraft(baseUrl: string, body: object = DRAFT) {
  const owner = await registeredClient(baseUrl);
  const res = await owner.client.post('/api/campaigns', body);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return { ...owner, campaign: res.json as unknown as CampaignDto };
}

/** A campaign moved straight to a state, as payment or the team would leave it. */
export async function userWithCampaignIn(baseUrl: string, status: CampaignDto['status'], paid: boolean) {
  const owner = await userWithDraft(baseUrl);
  await Campaign.update({ status, setupPaymentProcessed: paid }, { where: { id: owner.campaign.id } });
  return owner;
}
