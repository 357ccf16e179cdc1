import { beforeAll, describe, expect, it } from 'vitest';
import type { CampaignProspectEntry } from '@ringcast/shared-types';
import { CallRecord, CampaignProspect, Prospect } from '../src/db/models';
import { seedCampaignProspects } from '../src/services/calls/dispatch';
import { dialableCampaign } from './helpers/dialer';
import { useTestApi } from './helpers/server';

/** The campaign page's prospects table: each prospect's zones as the dialer reads them, and its latest call. */
const api = useTestApi();

const ALASKA = '+19075550174';
const NEW_YORK = '+12125550106';
// Its row stores no zone (a list parsed before zones were stored): the dialer reads the number's.
const CHICAGO = '+13125550107';

let made: Awaited<ReturnType<typeof dialableCampaign>>;
const idOf = new Map<string, number>();

beforeAll(async () => {
  // Setup not complete: nothing dials these prospects but the calls written below.
  made = await dialableCampaign(api.baseUrl, {
    numbers: [ALASKA, NEW_YORK, CHICAGO],
    directList: true,
    state: 'setup_incomplete',
  });
  expect(await seedCampaignProspects(made.campaign.id)).toBe('seeded');
  for (const row of await CampaignProspect.findAll({ where: { campaignId: made.campaign.id } }))
    idOf.set(row.phoneNumber, row.prospectId);
  await Prospect.update({ timeZone: null, state: null }, { where: { id: idOf.get(CHICAGO)! } });
  await CampaignProspect.update(
    { callingAreaId: null },
    { where: { campaignId: made.campaign.id, prospectId: idOf.get(CHICAGO)! } },
  );

  const base = {
    campaignId: made.campaign.id,
    userId: made.user.id,
    fromNumber: '+12125550100',
    createdAt: new Date('2026-11-20T15:00:00Z'),
  };
  await CallRecord.bulkCreate([
    // The Alaska prospect was busy, then booked on the second attempt.
    { ...base, prospectId: idOf.get(ALASKA)!, toNumber: ALASKA, attempt: 1, status: 'busy' },
    {
      ...base,
      prospectId: idOf.get(ALASKA)!,
      toNumber: ALASKA,
      attempt: 2,
      status: 'completed',
      answeredBy: 'human',
      outcome: 'appointment_booked',
    },
    {
      ...base,
      prospectId: idOf.get(CHICAGO)!,
      toNumber: CHICAGO,
      status: 'completed',
      answeredBy: 'machine',
    },
    // A test call to the New York number is nobody's attempt.
    {
      ...base,
      toNumber: NEW_YORK,
      test: true,
      status: 'completed',
      answeredBy: 'human',
      outcome: 'interested',
    },
  ]);
});

async function prospects(query = '') {
  const res = await made.client.get(`/api/campaigns/${made.campaign.id}/prospects${query}`);
  expect(res.status).toBe(200);
  const rows = res.json as unknown as CampaignProspectEntry[];
  return new Map(rows.map((row) => [row.phoneNumber, row]));
}

describe('GET /api/campaigns/:id/prospects', () => {
  it('gives every zone the dialer holds a number to, and the one its local time is shown in', async () => {
    const rows = await prospects();
    expect(rows.get(ALASKA)).toMatchObject({
      timeZones: ['America/Adak', 'America/Anchorage', 'America/Juneau', 'America/Sitka', 'America/Nome'],
      // Four of the five are Alaska Time; Adak alone is Hawaii-Aleutian.
      timeZone: 'America/Anchorage',
    });
    expect(rows.get(NEW_YORK)).toMatchObject({
      timeZones: ['America/New_York'],
      timeZone: 'America/New_York',
    });
    expect(rows.get(CHICAGO)).toMatchObject({ timeZones: ['America/Chicago'], timeZone: 'America/Chicago' });
  });

  it("gives each prospect's latest call, its outcome included, and none before the first", async () => {
    const rows = await prospects();
    expect(rows.get(ALASKA)!.lastCall).toMatchObject({
      status: 'completed',
      answeredBy: 'human',
      outcome: 'appointment_booked',
    });
    expect(rows.get(CHICAGO)!.lastCall).toMatchObject({
      status: 'completed',
      answeredBy: 'machine',
      outcome: null,
    });
    expect(rows.get(NEW_YORK)!.lastCall).toBeNull();

    // A search reads the same.
    const found = await prospects(`?q=${encodeURIComponent('907')}`);
    expect([...found.keys()]).toEqual([ALASKA]);
    expect(found.get(ALASKA)!.lastCall?.outcome).toBe('appointment_booked');
  });

  it('is read in the call log in the same zone as in the table', async () => {
    const res = await made.client.get(`/api/campaigns/${made.campaign.id}/calls?outcome=appointment_booked`);
    expect(res.headers.get('x-total-count')).toBe('1');
    expect((res.json as unknown as { timeZone: string }[])[0].timeZone).toBe('America/Anchorage');
  });
});
