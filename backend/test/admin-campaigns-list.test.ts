import { describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER, type AdminCampaign, type AuditLogEntry } from '@ringcast/shared-types';
import { User } from '../src/db/models';
import { tag, useAdminCampaigns } from './helpers/adminCampaigns';
import { registeredClient } from './helpers/client';
import { DRAFT, userWithDraft } from './helpers/campaigns';
import { uploadDocuments } from './helpers/agentDocuments';

/** The admin's campaign list (paged, searched, with the owner and documents) and a campaign's audit log. */
const { api, putStats, putSetup } = useAdminCampaigns();

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
