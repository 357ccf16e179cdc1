import { describe, expect, it } from 'vitest';
import { SETUP_FLAGS, type AdminCampaign, type Campaign as CampaignDto } from '@ringcast/shared-types';
import { Campaign } from '../src/db/models';
import { auditRows, useAdminCampaigns } from './helpers/adminCampaigns';
import { fromAddress, giveBusinessProfile } from './helpers/client';
import { DRAFT, putCampaign, userWithDraft } from './helpers/campaigns';
import { collect, waitFor } from './helpers/sockets';

/** An admin's setup flags of a campaign, and what the Compliance step needs before it can be verified. */
const { api, putSetup } = useAdminCampaigns();

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
