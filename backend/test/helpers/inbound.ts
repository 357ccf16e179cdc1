import { expect } from 'vitest';
import { CallRecord, Campaign } from '../../src/db/models';
import { provisionPhoneNumber } from '../../src/services/calls/place';
import type { TestClient } from './client';
import { dialableCampaign, numbersEndingIn, waitUntil } from './dialer';

/**
 * A paused campaign (it places no calls) with the number bought for it; its list holds `listed`
 * (named "Prospect 1", "Prospect 2", ... in order).
 */
export async function campaignWithNumber(baseUrl: string, listed: readonly string[] = numbersEndingIn([6])) {
  const owner = await dialableCampaign(baseUrl, { numbers: listed, directList: true, state: 'draft' });
  await Campaign.update(
    { status: 'paused', setupPaymentProcessed: true },
    { where: { id: owner.campaign.id } },
  );
  expect(await provisionPhoneNumber(owner.campaign.id)).toBe('bought');
  const campaign = (await Campaign.findByPk(owner.campaign.id))!;
  return { ...owner, number: campaign.providedPhoneNumber! };
}

/** Rings `to` from `from` through the sandbox, as a person's phone would, as `client` (an admin). */
export async function ringThroughSandbox(client: TestClient, to: string, from: string) {
  const res = await client.request(
    'POST',
    '/sandbox/twilio/inbound-calls',
    new URLSearchParams({ To: to, From: from }).toString(),
    { 'Content-Type': 'application/x-www-form-urlencoded' },
  );
  return { status: res.status, json: res.json, headers: res.headers };
}

/** The inbound call of this CallSid, once it settled. */
export const settledInboundCall = (sid: string) =>
  waitUntil(async () => {
    const call = await CallRecord.findOne({ where: { providerCallSid: sid } });
    return call?.settledAt ? call : null;
  }, `inbound call ${sid} to be settled`);
