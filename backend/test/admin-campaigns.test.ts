import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SETUP_FLAGS,
  TOTAL_COUNT_HEADER,
  type AdminCampaign,
  type AuditLogEntry,
  type Campaign as CampaignDto,
} from '@ringcast/shared-types';
import { config } from '../src/config';
import { AuditLog, Campaign, User } from '../src/db/models';
import { fromAddress, giveBusinessProfile, registeredClient } from './helpers/client';
import { DRAFT, putCampaign, userWithDraft } from './helpers/campaigns';
import { uploadDocuments } from './helpers/agentDocuments';
import { collect, waitFor } from './helpers/sockets';
import { useTestApi } from './helpers/server';
import { sentinelReached } from './helpers/sentinel';

// The attestation records the client's address, which these tests send as a proxy would.
config.trustProxy = true;
const api = useTestApi({ admin: true });

const putStats = (id: number | string, body: unknown) =>
  api.admin.request('PUT', `/api/admin/campaigns/${id}/stats`, body);
const putSetup = (id: number | string, body: unknown) =>
  api.admin.request('PUT', `/api/admin/campaigns/${id}/setup`, body);
const auditRows = (campaignId: number) =>
  AuditLog.findAll({
    where: { entityType: 'campaign', entityId: String(campaignId) },
    order: [['id', 'ASC']],
  });
const tag = () => `t${randomBytes(4).toString('hex')}`;

describe('PUT /api/admin/campaigns/:campaignId/stats', () => {
  it.each([
    [{ totalCalls: -1 }, 'totalCalls', 'Total calls must not be negative'],
    [{ totalCalls: 5, successfulCalls: -2 }, 'successfulCalls', 'Successful calls must not be negative'],
    [{ totalCost: -0.01 }, 'totalCost', 'Total cost must not be negative'],
    [{ totalCalls: 3, successfulCalls: 4 }, 'successfulCalls', 'Successful calls cannot exceed total calls'],
    [{ successfulCalls: 1 }, 'successfulCalls', 'Successful calls cannot exceed total calls'],
    [{ totalCost: 12.345 }, 'totalCost', 'Total cost can have at most 2 decimals'],
    [{ totalCalls: 2.5 }, 'totalCalls', 'Total calls must be a whole number'],
    [{ totalCalls: '10' }, 'totalCalls', 'Total calls must be a number'],
    [{ totalCalls: 'ten' }, 'totalCalls', 'Total calls must be a number'],
    [{ totalCost: '1.50' }, 'totalCost', 'Total cost must be a number'],
    [{ totalCalls: true }, 'totalCalls', 'Total calls must be a number'],
  ])('%j: 400 on %s, nothing saved or audited', async (body, field, message) => {
    const { campaign } = await userWithDraft(api.baseUrl);
    const res = await putStats(campaign.id, body);
    expect(res.status).toBe(400);
    expect(res.json.fields?.[field]).toBe(message);
    const stored = await Campaign.findByPk(campaign.id, { rejectOnEmpty: true });
    expect([
      stored.totalCalls,
      stored.successfulCalls,
      stored.totalCost,
      stored.statisticsLastUpdated,
    ]).toEqual([0, 0, '0.00', null]);
    expect(await auditRows(campaign.id)).toEqual([]);
  });

  it('missing (or emptied) values default to 0', async () => {
    const { campaign } = await userWithDraft(api.baseUrl);
    await putStats(campaign.id, { totalCalls: 9, successfulCalls: 3, totalCost: 4.5 });
    const res = await putStats(campaign.id, { totalCalls: null });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ totalCalls: 0, successfulCalls: 0, totalCost: '0.00' });
  });

  it('saves the figures, stamps the time, audits and tells the owner and every admin', async () => {
    const owner = await userWithDraft(api.baseUrl);
    const other = await registeredClient(api.baseUrl);
    const [ownerSocket, adminSocket, otherSocket] = await Promise.all(
      [owner.client, api.admin, other.client].map((c) => api.openSocket(c)),
    );
    const [ownerEvents, adminEvents, otherEvents] = [ownerSocket, adminSocket, otherSocket].map((s) =>
      collect(s, 'campaign:updated'),
    );

    const before = Date.now();
    const res = await putStats(owner.campaign.id, {
      totalCalls: 1200,
      successfulCalls: 450,
      totalCost: 960.5,
    });
    expect(res.status).toBe(200);
    const body = res.json as unknown as CampaignDto;
    expect(body).toMatchObject({
      id: owner.campaign.id,
      totalCalls: 1200,
      successfulCalls: 450,
      totalCost: '960.50',
    });
    expect(Date.parse(body.statisticsLastUpdated!)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);

    const isUpdate = (c: CampaignDto) => c.id === owner.campaign.id && c.totalCalls === 1200;
    // Each push is the campaign read once the change committed, with its dialing state.
    const pushed = { ...body, dialing: expect.objectContaining({ callsInFlight: 0 }) };
    expect(await waitFor(() => ownerEvents.find(isUpdate), 5000, 'owner push')).toEqual(pushed);
    expect(await waitFor(() => adminEvents.find(isUpdate), 5000, 'admin push')).toEqual(pushed);
    // The owner's own list reads the same figures.
    const list = (await owner.client.get('/api/campaigns')).json as unknown as CampaignDto[];
    expect(list.find((c) => c.id === owner.campaign.id)).toEqual(body);
    await sentinelReached([otherSocket]);
    expect(otherEvents.filter((c) => c.id === owner.campaign.id)).toEqual([]);

    const [row] = await auditRows(owner.campaign.id);
    expect(row).toMatchObject({
      actorUserId: api.adminUser.id,
      actorEmail: api.adminUser.email,
      action: 'campaign.stats',
      before: { totalCalls: 0, successfulCalls: 0, totalCost: '0.00', statisticsLastUpdated: null },
      after: {
        totalCalls: 1200,
        successfulCalls: 450,
        totalCost: '960.50',
        statisticsLastUpdated: body.statisticsLastUpdated,
      },
    });
  });

  it('an unknown campaign is 404', async () => {
    expect((await putStats(99_999_999, { totalCalls: 1 })).status).toBe(404);
    expect((await putStats('abc', { totalCalls: 1 })).status).toBe(404);
  });
});

describe('PUT /api/admin/campaigns/:campaignId/setup', () => {
  it.each(SETUP_FLAGS)('%s can be set and cleared, each change audited', async (flag) => {
    const owner = await userWithDraft(api.baseUrl);
    const { campaign } = owner;
    await giveBusinessProfile(owner);
    const on = await putSetup(campaign.id, { [flag]: true });
    expect(on.status).toBe(200);
    expect(on.json[flag]).toBe(true);
    // Only that flag moved.
    for (const other of SETUP_FLAGS.filter((f) => f !== flag)) expect(on.json[other]).toBe(false);
    const off = await putSetup(campaign.id, { [flag]: false });
    expect(off.json[flag]).toBe(false);
    const rows = await auditRows(campaign.id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['campaign.setup', { [flag]: false }, { [flag]: true }],
      ['campaign.setup', { [flag]: true }, { [flag]: false }],
    ]);
  });

  it.each([
    [{ setupEverything: true }],
    [{ isAdmin: true }],
    [{}],
    [{ setupScriptsReviewed: true, setupTwilioConfigured: true }],
    [{ setupScriptsReviewed: true, userId: 1 }],
  ])('%j: 400 naming the flags', async (body) => {
    const { campaign } = await userWithDraft(api.baseUrl);
    const res = await putSetup(campaign.id, body);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(`Send exactly one setup flag: one of ${SETUP_FLAGS.join(', ')}`);
    expect(await auditRows(campaign.id)).toEqual([]);
  });

  it.each([['true'], [1], [null]])('a non-boolean value (%j) is 400', async (value) => {
    const { campaign } = await userWithDraft(api.baseUrl);
    const res = await putSetup(campaign.id, { setupScriptsReviewed: value });
    expect(res.status).toBe(400);
    expect((await Campaign.findByPk(campaign.id, { rejectOnEmpty: true })).setupScriptsReviewed).toBe(false);
  });

  it('setting a flag to the value it has changes nothing and audits nothing', async () => {
    const { campaign } = await userWithDraft(api.baseUrl);
    const res = await putSetup(campaign.id, { setupTestingCompleted: false });
    expect(res.status).toBe(200);
    expect(res.json.updatedAt).toBe(campaign.updatedAt);
    expect(await auditRows(campaign.id)).toEqual([]);
  });

  it('an unknown campaign is 404; the owner and admins hear of a change', async () => {
    expect((await putSetup(99_999_999, { setupScriptsReviewed: true })).status).toBe(404);
    const owner = await userWithDraft(api.baseUrl);
    await giveBusinessProfile(owner);
    const ownerSocket = await api.openSocket(owner.client);
    const adminSocket = await api.openSocket(api.admin);
    const [ownerEvents, adminEvents] = [ownerSocket, adminSocket].map((s) => collect(s, 'campaign:updated'));
    const res = await putSetup(owner.campaign.id, { setupComplianceVerified: true });
    const hit = (c: CampaignDto) => c.id === owner.campaign.id && c.setupComplianceVerified;
    const pushed = { ...res.json, dialing: expect.objectContaining({ callsInFlight: 0 }) };
    expect(await waitFor(() => ownerEvents.find(hit), 5000, 'owner push')).toEqual(pushed);
    expect(await waitFor(() => adminEvents.find(hit), 5000, 'admin push')).toEqual(pushed);
  });
});

describe('the Compliance step needs who is calling, a callback number and the list attestation', () => {
  const OWN_LIST = { ...DRAFT, hasProvidedList: true };

  it('is refused (409, naming what is missing) without a company name and callback number', async () => {
    const { campaign } = await userWithDraft(api.baseUrl);
    const res = await putSetup(campaign.id, { setupComplianceVerified: true });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(
      "Compliance cannot be verified without a company name on the owner's profile, a valid callback number on the owner's profile.",
    );
    expect((await Campaign.findByPk(campaign.id, { rejectOnEmpty: true })).setupComplianceVerified).toBe(
      false,
    );
    expect(await auditRows(campaign.id)).toEqual([]);
    // Clearing it is always allowed (and changes nothing here).
    expect((await putSetup(campaign.id, { setupComplianceVerified: false })).status).toBe(200);
  });

  it('records who ticked a step-2 box, when and from where; refused until then for an uploaded list', async () => {
    const owner = await userWithDraft(api.baseUrl, OWN_LIST);
    await giveBusinessProfile(owner);
    const refused = await putSetup(owner.campaign.id, { setupComplianceVerified: true });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(
      "Compliance cannot be verified without the owner's attestation that the uploaded list's prospects are current clients or have opted in.",
    );

    const before = Date.now();
    const ticked = await owner.client.request(
      'PUT',
      `/api/campaigns/${owner.campaign.id}`,
      { prospectsOptedIn: true },
      fromAddress('203.0.113.7'),
    );
    expect(ticked.status).toBe(200);
    const stored = await Campaign.findByPk(owner.campaign.id, { rejectOnEmpty: true });
    expect(stored).toMatchObject({ listAttestedByUserId: owner.user.id, listAttestedFrom: '203.0.113.7' });
    expect(stored.listAttestedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // Sent ticked again: the first record stays.
    await putCampaign(owner.client, owner.campaign.id, { prospectsOptedIn: true, name: 'Renamed' });
    const again = await Campaign.findByPk(owner.campaign.id, { rejectOnEmpty: true });
    expect(again.listAttestedAt!.getTime()).toBe(stored.listAttestedAt!.getTime());

    const listed = await api.admin.get(`/api/admin/campaigns?q=Renamed`);
    const row = (listed.json as unknown as AdminCampaign[]).find((c) => c.id === owner.campaign.id)!;
    expect(row.listAttestation).toEqual({
      userId: owner.user.id,
      at: stored.listAttestedAt!.toISOString(),
      from: '203.0.113.7',
    });
    expect((await putSetup(owner.campaign.id, { setupComplianceVerified: true })).status).toBe(200);
  });

  it('a draft created with a box ticked is attested; unticked again, it is refused', async () => {
    const owner = await userWithDraft(api.baseUrl, { ...OWN_LIST, prospectsAreCurrentClients: true });
    await giveBusinessProfile(owner);
    const stored = await Campaign.findByPk(owner.campaign.id, { rejectOnEmpty: true });
    expect(stored.listAttestedByUserId).toBe(owner.user.id);
    expect(stored.listAttestedAt).not.toBeNull();
    await putCampaign(owner.client, owner.campaign.id, { prospectsAreCurrentClients: false });
    expect((await putSetup(owner.campaign.id, { setupComplianceVerified: true })).status).toBe(409);
  });
});

describe('GET /api/admin/campaigns', () => {
  it('pages newest first with the owner and the total in X-Total-Count', async () => {
    const name = tag();
    const owner = await registeredClient(api.baseUrl, { fullName: `Olive ${name}` });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await owner.client.post('/api/campaigns', {
        name: `${name} campaign ${i}`,
        type: 'appointment',
      });
      ids.push(res.json.id as number);
    }
    const newestFirst = [...ids].reverse();
    const page1 = await api.admin.get(`/api/admin/campaigns?q=${name}&pageSize=2`);
    const page3 = await api.admin.get(`/api/admin/campaigns?q=${name}&pageSize=2&page=3`);
    expect(page1.status).toBe(200);
    expect(page1.headers.get(TOTAL_COUNT_HEADER)).toBe('5');
    expect(page3.headers.get(TOTAL_COUNT_HEADER)).toBe('5');
    const rows1 = page1.json as unknown as AdminCampaign[];
    expect(rows1.map((c) => c.id)).toEqual(newestFirst.slice(0, 2));
    expect((page3.json as unknown as AdminCampaign[]).map((c) => c.id)).toEqual(newestFirst.slice(4));
    expect(rows1[0]!.owner).toEqual({
      id: owner.user.id,
      firstName: 'Olive',
      lastName: name,
      email: owner.credentials.email,
      companyName: null,
    });
    // The whole list, unfiltered, is newest first too.
    const all = (await api.admin.get('/api/admin/campaigns?pageSize=5')).json as unknown as AdminCampaign[];
    expect(all[0]!.id).toBe(ids[4]);
    const sorted = [...all].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    expect(all.map((c) => c.id)).toEqual(sorted.map((c) => c.id));
  });

  it('searches campaign names and the owner name, email and company', async () => {
    const word = tag();
    const byName = await userWithDraft(api.baseUrl, { name: `Spring ${word} drive`, type: 'appointment' });
    const byCompany = await userWithDraft(api.baseUrl);
    await User.update({ companyName: `${word} Holdings` }, { where: { id: byCompany.user.id } });
    const unrelated = await userWithDraft(api.baseUrl);

    const ids = async (q: string) =>
      (
        (await api.admin.get(`/api/admin/campaigns?q=${encodeURIComponent(q)}`))
          .json as unknown as AdminCampaign[]
      ).map((c) => c.id);
    expect((await ids(word)).sort()).toEqual([byName.campaign.id, byCompany.campaign.id].sort());
    expect(await ids(`spring ${word.toUpperCase()}`)).toEqual([byName.campaign.id]);
    expect(await ids(byCompany.credentials.email)).toEqual([byCompany.campaign.id]);
    expect(await ids(word)).not.toContain(unrelated.campaign.id);
  });

  it("names the agent documents as they were uploaded, only the owner's own", async () => {
    const owner = await registeredClient(api.baseUrl);
    const upload = await uploadDocuments(owner.client, [['Pricing notes.txt', 'Our prices.']]);
    const [document] = (upload.json as unknown as { files: { filename: string }[] }).files;
    // Someone else naming that stored file in their draft learns nothing about it.
    const other = await userWithDraft(api.baseUrl, { ...DRAFT, agentDocuments: [document!.filename] });
    const mine = await owner.client.post('/api/campaigns', {
      ...DRAFT,
      agentDocuments: [document!.filename],
    });
    expect(mine.status).toBe(201);

    const listed = (await api.admin.get('/api/admin/campaigns')).json as unknown as AdminCampaign[];
    const names = (id: number) => listed.find((c) => c.id === id)?.agentDocumentNames;
    expect(names(mine.json.id as number)).toEqual({ [document!.filename]: 'Pricing notes.txt' });
    expect(names(other.campaign.id)).toEqual({});
  });

  it('refuses a page size above 200 or a page below 1', async () => {
    expect((await api.admin.get('/api/admin/campaigns?pageSize=201')).json.error).toBe(
      'pageSize must be at most 200',
    );
    expect((await api.admin.get('/api/admin/campaigns?page=0')).status).toBe(400);
    expect((await api.admin.get('/api/admin/campaigns?page=1&page=2')).status).toBe(400);
  });
});

describe('GET /api/admin/audit-log', () => {
  it("reads one campaign's history newest first, before and after as objects", async () => {
    const { campaign } = await userWithDraft(api.baseUrl);
    await putSetup(campaign.id, { setupAiAgentConfigured: true });
    await putStats(campaign.id, { totalCalls: 4, successfulCalls: 1, totalCost: 3.2 });
    const res = await api.admin.get(`/api/admin/audit-log?entityType=campaign&entityId=${campaign.id}`);
    expect(res.headers.get(TOTAL_COUNT_HEADER)).toBe('2');
    const entries = res.json as unknown as AuditLogEntry[];
    expect(entries.map((e) => e.action)).toEqual(['campaign.stats', 'campaign.setup']);
    expect(entries[1]).toMatchObject({
      actorUserId: api.adminUser.id,
      actorEmail: api.adminUser.email,
      entityType: 'campaign',
      entityId: String(campaign.id),
      before: { setupAiAgentConfigured: false },
      after: { setupAiAgentConfigured: true },
    });
  });
});
