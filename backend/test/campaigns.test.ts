import { describe, expect, it } from 'vitest';
import type { Campaign as CampaignDto } from '@ringcast/shared-types';
import { TestClient, registeredClient } from './helpers/client';
import {
  DRAFT,
  deleteCampaign as del,
  putCampaign as put,
  userWithDraft as draftFor,
} from './helpers/campaigns';
import { collect, waitFor } from './helpers/sockets';
import { useTestApi } from './helpers/server';
import { sentinelReached } from './helpers/sentinel';
import { Campaign, Payment, ProspectList } from '../src/db/models';
import { sequelize } from '../src/db/sequelize';
import { flushChangedCampaigns } from '../src/services/calls/read';

const api = useTestApi({ admin: true });

const userWithDraft = (body?: object) => draftFor(api.baseUrl, body);

describe('POST /api/campaigns', () => {
  it.each([
    [{}, { name: 'Campaign name is required', type: 'Choose a campaign type' }],
    [{ name: 'x', type: 'other' }, { customType: 'Describe your custom campaign goal' }],
    [{ name: 'x', type: 'robocall' }, { type: 'Choose a campaign type from the list' }],
    [{ ...DRAFT, status: 'active' }, { status: 'A new campaign is always a draft' }],
    [
      { ...DRAFT, monthlyCallVolume: 750 },
      { monthlyCallVolume: expect.stringMatching(/^Monthly call volume must be one of/) },
    ],
  ])('400 for %j', async (body, fields) => {
    const { client } = await registeredClient(api.baseUrl);
    const res = await client.post('/api/campaigns', body);
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual(fields);
    expect(await Campaign.count({ where: { name: 'x' } })).toBe(0);
  });

  it('signed out: 401 for every call', async () => {
    const anonymous = new TestClient(api.baseUrl);
    expect((await anonymous.get('/api/campaigns')).status).toBe(401);
    expect((await anonymous.post('/api/campaigns', DRAFT)).status).toBe(401);
    expect((await put(anonymous, 1, { status: 'paused' })).status).toBe(401);
    expect((await del(anonymous, 1)).status).toBe(401);
  });

  it('creates a draft in the API shape', async () => {
    const { campaign, user } = await userWithDraft({
      ...DRAFT,
      name: '  Spring  ',
      agentDocuments: ['a.pdf'],
    });
    expect(campaign).toMatchObject({
      userId: user.id,
      name: 'Spring',
      type: 'appointment',
      customType: null,
      status: 'draft',
      listCost: '0',
      totalCalls: 0,
      successfulCalls: 0,
      totalCost: '0.00',
      statisticsLastUpdated: null,
      agentDocuments: ['a.pdf'],
      setupPaymentProcessed: false,
      useProvidedNumber: false,
    });
    expect(campaign.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('derives listCost from the list choice', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const cost = async (hasProvidedList?: boolean) =>
      (await client.post('/api/campaigns', { ...DRAFT, hasProvidedList, listCost: '999' })).json.listCost;
    expect(await cost(false)).toBe('250');
    expect(await cost(true)).toBe('0');
    expect(await cost(undefined)).toBe('0');
  });

  it('keeps a custom goal only for type other', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const other = await client.post('/api/campaigns', {
      name: 'x1',
      type: 'other',
      customType: ' Win back ',
    });
    expect(other.json.customType).toBe('Win back');
    const quote = await client.post('/api/campaigns', { name: 'x2', type: 'quote', customType: 'Ignored' });
    expect(quote.json.customType).toBeNull();
  });

  it("accepts the user's own prospect list and refuses someone else's", async () => {
    const alice = await registeredClient(api.baseUrl);
    const bob = await registeredClient(api.baseUrl);
    const list = (userId: number) =>
      ProspectList.create({ userId, name: 'leads.csv', storedFileName: `${userId}-${Date.now()}.csv` });
    const [own, foreign] = await Promise.all([list(alice.user.id), list(bob.user.id)]);
    const ok = await alice.client.post('/api/campaigns', { ...DRAFT, prospectListId: own.id });
    expect(ok.status).toBe(201);
    expect(ok.json.prospectListId).toBe(own.id);
    const refused = await alice.client.post('/api/campaigns', {
      ...DRAFT,
      name: 'stolen',
      prospectListId: foreign.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe('Choose one of your own prospect lists');
    expect(refused.json.fields).toEqual({ prospectListId: 'Choose one of your own prospect lists' });
    const refusedUpdate = await put(alice.client, ok.json.id as number, { prospectListId: foreign.id });
    expect(refusedUpdate.status).toBe(400);
    expect(await Campaign.count({ where: { userId: alice.user.id } })).toBe(1);
  });
});

describe('GET /api/campaigns and ownership', () => {
  it('reads each boolean from its own column', async () => {
    const { client, campaign } = await userWithDraft();
    await sequelize.query(
      'UPDATE campaigns SET setupTestingCompleted = 1, prospectsOptedIn = 1 WHERE id = ?',
      {
        replacements: [campaign.id],
      },
    );
    const [read] = (await client.get('/api/campaigns')).json as unknown as CampaignDto[];
    const trueFlags = Object.entries(read)
      .filter(([, value]) => value === true)
      .map(([key]) => key);
    expect(trueFlags.sort()).toEqual(['prospectsOptedIn', 'setupTestingCompleted']);
  });

  it('lists only your own, newest first, exactly as created', async () => {
    const alice = await userWithDraft({ ...DRAFT, name: 'First' });
    const second = (await alice.client.post('/api/campaigns', { ...DRAFT, name: 'Second' })).json;
    await userWithDraft({ ...DRAFT, name: 'Not yours' });
    const list = (await alice.client.get('/api/campaigns')).json as unknown as CampaignDto[];
    expect(list.map((c) => c.name)).toEqual(['Second', 'First']);
    expect(list[0]).toEqual(second);
    expect(list[1]).toEqual(alice.campaign);
  });

  it('another user cannot read, change or delete your campaign: 404, and it is unchanged', async () => {
    const alice = await userWithDraft();
    const bob = await registeredClient(api.baseUrl);
    const id = alice.campaign.id;
    expect(
      ((await bob.client.get('/api/campaigns')).json as unknown as CampaignDto[]).map((c) => c.id),
    ).not.toContain(id);
    for (const res of [
      await put(bob.client, id, { name: 'Hijacked' }),
      await put(bob.client, id, { status: 'paused' }),
      await del(bob.client, id),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.error).toBe('Campaign not found');
    }
    const mine = (await alice.client.get('/api/campaigns')).json as unknown as CampaignDto[];
    expect(mine).toEqual([alice.campaign]);
  });

  it('an unknown or malformed id is 404', async () => {
    const { client } = await registeredClient(api.baseUrl);
    expect((await put(client, 99_999_999, { name: 'x' })).status).toBe(404);
    expect((await put(client, 'abc', { name: 'x' })).status).toBe(404);
    expect((await del(client, 'abc')).status).toBe(404);
  });
});

describe('DELETE /api/campaigns/:id', () => {
  it('deletes a draft and keeps its payments, with its name', async () => {
    const { client, campaign, user } = await userWithDraft();
    const payment = await Payment.create({
      userId: user.id,
      campaignId: campaign.id,
      paymentIntentId: `pi_test_${campaign.id}_${Date.now()}`,
      amountCents: 25000,
      status: 'succeeded',
    });
    const res = await del(client, campaign.id);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await client.get('/api/campaigns')).json).toEqual([]);
    expect((await del(client, campaign.id)).status).toBe(404);
    await payment.reload();
    expect(payment.campaignId).toBeNull();
    expect(payment.campaignName).toBe(campaign.name);
  });
});

describe('live pushes', () => {
  // Each push is the campaign read again once the change committed, with its dialing state.
  const pushed = (answer: unknown) => ({
    ...(answer as object),
    dialing: expect.objectContaining({ callsInFlight: 0 }),
  });

  it("the owner's and an admin's sockets hear every change; another user's does not", async () => {
    const owner = await registeredClient(api.baseUrl);
    const other = await registeredClient(api.baseUrl);
    const opened = await Promise.all([owner.client, other.client, api.admin].map((c) => api.openSocket(c)));
    const [, otherSocket] = opened;
    const [ownerUpdates, otherUpdates, adminUpdates] = opened.map((s) => collect(s, 'campaign:updated'));
    const [ownerDeletes, otherDeletes, adminDeletes] = opened.map((s) => collect(s, 'campaign:deleted'));

    const created = await owner.client.post('/api/campaigns', DRAFT);
    const id = created.json.id as number;
    for (const [events, who] of [
      [ownerUpdates, 'owner'],
      [adminUpdates, 'admin'],
    ] as const) {
      expect(
        await waitFor(() => events.find((c) => c.id === id), 5000, `${who} push of the new draft`),
      ).toEqual(pushed(created.json));
    }

    const renamed = await put(owner.client, id, { name: 'Renamed' });
    expect(
      await waitFor(() => ownerUpdates.find((c) => c.name === 'Renamed'), 5000, 'owner push of the change'),
    ).toEqual(pushed(renamed.json));

    await Campaign.update({ status: 'active', setupPaymentProcessed: true }, { where: { id } });
    const paused = await put(owner.client, id, { status: 'paused' });
    expect(
      await waitFor(() => adminUpdates.find((c) => c.status === 'paused'), 5000, 'admin push of the pause'),
    ).toEqual(pushed(paused.json));

    // A paused campaign is not deleted (DESIGN decision 10); a draft is, and both hear of it.
    expect((await del(owner.client, id)).status).toBe(409);
    const draft = (await owner.client.post('/api/campaigns', DRAFT)).json.id as number;
    expect((await del(owner.client, draft)).status).toBe(204);
    await waitFor(() => ownerDeletes.find((d) => d.id === draft), 5000, 'owner push of the delete');
    expect(
      await waitFor(() => adminDeletes.find((d) => d.id === draft), 5000, 'admin push of the delete'),
    ).toEqual({ id: draft });
    expect(ownerDeletes.some((d) => d.id === id)).toBe(false);

    await sentinelReached([otherSocket]);
    expect([otherUpdates, otherDeletes]).toEqual([[], []]);
  });

  it('a refused change pushes nothing', async () => {
    const { client, campaign } = await userWithDraft();
    // The draft's own push has gone out before the socket listens.
    await flushChangedCampaigns();
    const socket = await api.openSocket(client);
    const updates = collect(socket, 'campaign:updated');
    expect((await put(client, campaign.id, { status: 'active' })).status).toBe(409);
    await sentinelReached([socket]);
    expect(updates).toEqual([]);
  });
});

describe('GET /api/campaigns/results.csv', () => {
  it("exports the owner's campaigns with their card figures, and nobody else's", async () => {
    const { client, campaign } = await userWithDraft({ name: '=Spring, "checkups"', type: 'appointment' });
    await Campaign.update(
      {
        status: 'active',
        setupPaymentProcessed: true,
        totalCalls: 120,
        successfulCalls: 45,
        totalCost: '96.50',
      },
      { where: { id: campaign.id } },
    );
    await client.post('/api/campaigns', { name: 'Open day', type: 'other', customType: 'Invite clients' });
    const someoneElse = await userWithDraft({ name: 'Not yours', type: 'quote' });

    const res = await client.get('/api/campaigns/results.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="campaign-results.csv"');
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe(
      'Campaign,Status,Type,Created,Total calls,Successful calls,Success rate,Total cost (USD),Statistics updated',
    );
    expect(lines[1]).toMatch(/^Open day,draft,Other: Invite clients,\d{4}-\d{2}-\d{2},0,0,0\.0%,0\.00,$/);
    expect(lines[2]).toMatch(
      /^"'=Spring, ""checkups""",active,Book Appointment,\d{4}-\d{2}-\d{2},120,45,37\.5%,96\.50,$/,
    );
    expect(lines.slice(3)).toEqual(['']);
    expect(res.text).not.toContain(someoneElse.campaign.name);
    expect((await new TestClient(api.baseUrl).get('/api/campaigns/results.csv')).status).toBe(401);
  });
});
