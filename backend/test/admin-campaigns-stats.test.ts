import { describe, expect, it } from 'vitest';
import type { Campaign as CampaignDto } from '@ringcast/shared-types';
import { Campaign } from '../src/db/models';
import { auditRows, useAdminCampaigns } from './helpers/adminCampaigns';
import { registeredClient } from './helpers/client';
import { userWithDraft } from './helpers/campaigns';
import { waitFor } from './helpers/sockets';
import { sentinelReached } from './helpers/sentinel';

/** An admin's edit of a campaign's statistics: checked, saved, stamped, audited and announced. */
const { api, putStats } = useAdminCampaigns();

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
    const {
      sockets: [, , otherSocket],
      events: [ownerEvents, adminEvents, otherEvents],
    } = await api.hear('campaign:updated', [owner.client, api.admin, other.client]);

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
