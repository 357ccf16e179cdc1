import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_CHANGE_ERRORS,
  lockedAfterLaunchMessage,
  type Campaign as CampaignDto,
} from '@ringcast/shared-types';
import {
  DRAFT,
  putCampaign as put,
  userWithCampaignIn,
  userWithDraft as draftFor,
} from './helpers/campaigns';
import { useTestApi } from './helpers/server';
import { Campaign } from '../src/db/models';

const api = useTestApi();

const userWithDraft = (body?: object) => draftFor(api.baseUrl, body);
const campaignIn = (status: Parameters<typeof userWithCampaignIn>[1], paid: boolean) =>
  userWithCampaignIn(api.baseUrl, status, paid);

describe('PUT /api/campaigns/:id', () => {
  it('changes draft fields while the campaign is a draft', async () => {
    const { client, campaign } = await userWithDraft({ ...DRAFT, type: 'other', customType: 'Win back' });
    const res = await put(client, campaign.id, {
      name: 'Renamed',
      type: 'quote',
      hasProvidedList: false,
      goal: 'Book calls',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: 'Renamed',
      type: 'quote',
      customType: null,
      listCost: '250',
      goal: 'Book calls',
      status: 'draft',
    });
    expect(((await client.get('/api/campaigns')).json as unknown as CampaignDto[])[0]).toEqual(res.json);
  });

  it('checks the rules against the campaign as it will be', async () => {
    const { client, campaign } = await userWithDraft();
    const other = await put(client, campaign.id, { type: 'other' });
    expect(other.status).toBe(400);
    expect(other.json.fields).toEqual({ customType: 'Describe your custom campaign goal' });
    const number = await put(client, campaign.id, { useProvidedNumber: true, providedNumberAreaCode: '907' });
    expect(number.status).toBe(200);
    const noCode = await put(client, campaign.id, { providedNumberAreaCode: null });
    expect(noCode.status).toBe(400);
    expect(noCode.json.fields).toEqual({ providedNumberAreaCode: 'Please select an area code' });
  });

  it("ignores statistics and setup flags: those are the team's", async () => {
    const { client, campaign } = await userWithDraft();
    const res = await put(client, campaign.id, {
      totalCalls: 99,
      totalCost: '5.00',
      setupPaymentProcessed: true,
      userId: 1,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(campaign);
  });

  it.each([
    ['draft', false, 'active', CAMPAIGN_CHANGE_ERRORS.unpaid],
    ['draft', false, 'paused', CAMPAIGN_CHANGE_ERRORS.unpaid],
    ['draft', true, 'active', CAMPAIGN_CHANGE_ERRORS.draftStartsOnPayment],
    ['active', false, 'paused', CAMPAIGN_CHANGE_ERRORS.unpaid],
    ['paused', false, 'active', CAMPAIGN_CHANGE_ERRORS.unpaid],
    ['completed', true, 'active', CAMPAIGN_CHANGE_ERRORS.completed],
  ] as const)('refuses %s (paid: %s) -> %s with 409', async (from, paid, to, message) => {
    const { client, campaign } = await campaignIn(from, paid);
    const res = await put(client, campaign.id, { status: to });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(message);
    expect((await Campaign.findByPk(campaign.id))!.status).toBe(from);
  });

  it('moves a paid campaign between active and paused', async () => {
    const { client, campaign } = await campaignIn('active', true);
    const paused = await put(client, campaign.id, { status: 'paused' });
    expect(paused.status).toBe(200);
    expect(paused.json).toMatchObject({ id: campaign.id, status: 'paused', setupPaymentProcessed: true });
    const again = await put(client, campaign.id, { status: 'paused' });
    expect(again.json.status).toBe('paused');
    const active = await put(client, campaign.id, { status: 'active' });
    expect(active.json.status).toBe('active');
  });

  it("refuses draft fields other than the agent's once launched, and a mixed change", async () => {
    const { client, campaign } = await campaignIn('paused', true);
    const edit = await put(client, campaign.id, { name: 'Too late' });
    expect([edit.status, edit.json.error]).toEqual([409, lockedAfterLaunchMessage(['name'])]);
    const mixed = await put(client, campaign.id, { status: 'active', name: 'Both' });
    expect([mixed.status, mixed.json.error]).toEqual([409, CAMPAIGN_CHANGE_ERRORS.mixed]);
    const draft = await userWithDraft();
    const mixedDraft = await put(draft.client, draft.campaign.id, { status: 'active', goal: 'x' });
    expect([mixedDraft.status, mixedDraft.json.error]).toEqual([409, CAMPAIGN_CHANGE_ERRORS.mixed]);
    const stored = await Campaign.findByPk(campaign.id);
    expect([stored!.name, stored!.status]).toEqual([DRAFT.name, 'paused']);
  });

  it('never sets completed or draft', async () => {
    const { client, campaign } = await campaignIn('active', true);
    for (const status of ['completed', 'draft']) {
      const res = await put(client, campaign.id, { status });
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual({ status: 'Status can only be set to active or paused' });
    }
    expect((await Campaign.findByPk(campaign.id))!.status).toBe('active');
  });
});
