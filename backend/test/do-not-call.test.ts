import { describe, expect, it } from 'vitest';
import type { CampaignProspectEntry, DoNotCallEntry } from '@ringcast/shared-types';
import { Readable } from 'node:stream';
import { AuditLog, Campaign, Prospect, ProspectList } from '../src/db/models';
import { seedCampaignProspects } from '../src/services/calls/dispatch';
import { parseProspectList } from '../src/services/prospectImport/parseProspectList';
import { storage } from '../src/storage';
import { adminClient } from './helpers/admin';
import { registeredClient } from './helpers/client';
import { dialableCampaign } from './helpers/dialer';
import { useDialerStack } from './helpers/dialerStack';
import { uploadFile } from './helpers/prospectFiles';

const campaignIds: number[] = [];
const api = useDialerStack({
  beforeClose: async () =>
    campaignIds.length && Campaign.update({ status: 'completed' }, { where: { id: campaignIds } }),
});

describe('a customer’s do-not-call list', () => {
  it('adds in any common format, lists, searches and removes; others never see it', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const invalid = await client.post('/api/do-not-call', { phoneNumber: '555-01' });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error).toBe('Please enter a valid phone number');

    const added = await client.post('/api/do-not-call', {
      phoneNumber: '(212) 745-0501',
      reason: 'Asked by email',
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({
      phoneNumber: '+12127450501',
      reason: 'Asked by email',
      source: 'manual',
    });
    expect((await client.post('/api/do-not-call', { phoneNumber: '212.745.0501' })).status).toBe(200);
    await client.post('/api/do-not-call', { phoneNumber: '+1 312 745 0501' });

    const all = await client.get('/api/do-not-call');
    expect(all.headers.get('X-Total-Count')).toBe('2');
    const found = await client.get('/api/do-not-call?q=212745&page=1&pageSize=10');
    expect((found.json as unknown as DoNotCallEntry[]).map((e) => e.phoneNumber)).toEqual(['+12127450501']);
    const byReason = await client.get('/api/do-not-call?q=email');
    expect(byReason.headers.get('X-Total-Count')).toBe('1');

    const stranger = await registeredClient(api.baseUrl);
    expect((await stranger.client.get('/api/do-not-call')).headers.get('X-Total-Count')).toBe('0');
    expect((await stranger.client.request('DELETE', '/api/do-not-call/%2B12127450501')).status).toBe(404);

    expect((await client.request('DELETE', '/api/do-not-call/%2B12127450501')).status).toBe(204);
    expect((await client.request('DELETE', '/api/do-not-call/%2B12127450501')).status).toBe(404);
    expect((await client.get('/api/do-not-call')).headers.get('X-Total-Count')).toBe('1');
  });

  it('a number added stops its prospects (skipped, with the reason) in the campaign’s prospect list', async () => {
    const listed = '+12127450601';
    const made = await dialableCampaign(api.baseUrl, {
      numbers: [listed, '+12127450611', '+12127450621'],
      directList: true,
    });
    campaignIds.push(made.campaign.id);
    await seedCampaignProspects(made.campaign.id);
    const before = (await Campaign.findByPk(made.campaign.id))!.prospectsRemaining;

    expect((await made.client.post('/api/do-not-call', { phoneNumber: listed })).status).toBe(201);
    const skipped = await made.client.get(`/api/campaigns/${made.campaign.id}/prospects?state=skipped`);
    expect(skipped.headers.get('X-Total-Count')).toBe('1');
    const [entry] = skipped.json as unknown as CampaignProspectEntry[];
    expect(entry).toMatchObject({
      phoneNumber: listed,
      state: 'skipped',
      reason: 'do_not_call',
      timeZone: 'America/New_York',
      usStates: ['NY'],
      attempts: 0,
      nextAttemptAt: null,
    });
    const counts = await made.client.get(`/api/campaigns/${made.campaign.id}/prospect-states`);
    expect(counts.json).toEqual({ pending: 2, scheduled: 0, in_call: 0, done: 0, skipped: 1, opted_out: 0 });
    expect((await Campaign.findByPk(made.campaign.id))!.prospectsRemaining).toBe(before - 1);

    const searched = await made.client.get(`/api/campaigns/${made.campaign.id}/prospects?q=0611`);
    expect((searched.json as unknown as CampaignProspectEntry[]).map((p) => p.phoneNumber)).toEqual([
      '+12127450611',
    ]);
    const wrongState = await made.client.get(`/api/campaigns/${made.campaign.id}/prospects?state=lost`);
    expect(wrongState.status).toBe(400);
    const stranger = await registeredClient(api.baseUrl);
    expect((await stranger.client.get(`/api/campaigns/${made.campaign.id}/prospects`)).status).toBe(404);
  });

  it('uploads a CSV of numbers: added, already present and invalid rows counted', async () => {
    const { client } = await registeredClient(api.baseUrl);
    await client.post('/api/do-not-call', { phoneNumber: '212 745 0701' });
    const csv = [
      'Opt-outs',
      'Name,Phone',
      'A,(212) 745-0701',
      'B,212-745-0702',
      'C,not a number',
      'D,+1 212 745 0702',
      'E,3127450703',
    ].join('\n');
    const res = await uploadFile(client, 'opt-outs.csv', csv, 'file', '/api/do-not-call/upload');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ added: 2, alreadyPresent: 1, invalid: 1 });
    const entries = (await client.get('/api/do-not-call')).json as unknown as DoNotCallEntry[];
    expect(entries.map((e) => e.phoneNumber).sort()).toEqual([
      '+12127450701',
      '+12127450702',
      '+13127450703',
    ]);
    expect(entries.find((e) => e.phoneNumber === '+13127450703')?.source).toBe('upload');
  });
});

describe('a list read with numbers already on a do-not-call list', () => {
  it('keeps them marked and counted, and the campaign skips them from the start', async () => {
    const [own, platform, free] = ['+12127450901', '+12127450902', '+12127450903'];
    const { client: admin } = await adminClient(api.baseUrl);
    expect((await admin.post('/api/admin/do-not-call', { phoneNumber: platform })).status).toBe(201);
    const owner = await registeredClient(api.baseUrl);
    expect((await owner.client.post('/api/do-not-call', { phoneNumber: own })).status).toBe(201);

    const csv = `Name,Phone\nOwn Listed,${own}\nPlatform Listed,${platform}\nFree Caller,${free}\n`;
    const stored = await storage.write('prospect-list', Readable.from([Buffer.from(csv)]), '.csv');
    const list = await ProspectList.create({
      userId: owner.user.id,
      name: 'leads.csv',
      storedFileName: stored.storedFileName,
    });
    expect(await parseProspectList(list.id)).toMatchObject({
      outcome: 'ready',
      contactCount: 3,
      doNotCallCount: 2,
    });
    const marked = await Prospect.findAll({ where: { prospectListId: list.id, doNotCall: true } });
    expect(marked.map((p) => p.phoneNumber).sort()).toEqual([own, platform]);
    const lists = (await owner.client.get('/api/prospect-lists')).json as unknown as {
      id: number;
      contactCount: number;
      doNotCallCount: number;
    }[];
    expect(lists.find((l) => l.id === list.id)).toMatchObject({ contactCount: 3, doNotCallCount: 2 });

    const made = await dialableCampaign(api.baseUrl, { numbers: [], owner, prospectListId: list.id });
    campaignIds.push(made.campaign.id);
    // Seeding twice (a retried job) changes nothing.
    expect(await seedCampaignProspects(made.campaign.id)).toBe('seeded');
    expect(await seedCampaignProspects(made.campaign.id)).toBe('already');
    const skipped = await owner.client.get(`/api/campaigns/${made.campaign.id}/prospects?state=skipped`);
    expect(
      (skipped.json as unknown as CampaignProspectEntry[]).map((p) => [p.phoneNumber, p.reason]).sort(),
    ).toEqual([
      [own, 'do_not_call'],
      [platform, 'do_not_call'],
    ]);
    const pending = await owner.client.get(`/api/campaigns/${made.campaign.id}/prospects?state=pending`);
    expect((pending.json as unknown as CampaignProspectEntry[]).map((p) => p.phoneNumber)).toEqual([free]);
    expect((await Campaign.findByPk(made.campaign.id))!.prospectsRemaining).toBe(1);
  });
});

describe('the platform’s list', () => {
  it('is the admins’, audited, and stops every customer from calling the number', async () => {
    const number = '+12127450801';
    const made = await dialableCampaign(api.baseUrl, { numbers: [number], directList: true });
    campaignIds.push(made.campaign.id);
    await seedCampaignProspects(made.campaign.id);

    expect((await made.client.get('/api/admin/do-not-call')).status).toBe(403);
    const { client: admin } = await adminClient(api.baseUrl);
    const added = await admin.post('/api/admin/do-not-call', {
      phoneNumber: '(212) 745-0801',
      reason: 'Complaint',
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ phoneNumber: number, source: 'admin' });
    expect((await made.client.get('/api/do-not-call')).headers.get('X-Total-Count')).toBe('0');
    const [prospect] = (await made.client.get(`/api/campaigns/${made.campaign.id}/prospects`))
      .json as unknown as CampaignProspectEntry[];
    expect(prospect).toMatchObject({ state: 'skipped', reason: 'do_not_call' });

    expect(
      (await admin.request('DELETE', `/api/admin/do-not-call/${encodeURIComponent(number)}`)).status,
    ).toBe(204);
    const audit = await AuditLog.findAll({
      where: { entityType: 'doNotCall', entityId: number },
      order: [['id', 'ASC']],
    });
    expect(audit.map((row) => row.action)).toEqual(['doNotCall.add', 'doNotCall.remove']);
  });
});
