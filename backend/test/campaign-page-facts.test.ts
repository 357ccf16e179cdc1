import { describe, expect, it } from 'vitest';
import type { Campaign as CampaignDto, CampaignDialing, CampaignProspectEntry } from '@ringcast/shared-types';
import { sequelize } from '../src/db/sequelize';
import { CallRecord, Campaign, CampaignProspect } from '../src/db/models';
import { setDialerClock } from '../src/services/calls/shared';
import { seedCampaignProspects } from '../src/services/calls/dispatch';
import { provisionPhoneNumber, verifyTwilioSetup } from '../src/services/calls/place';
import { settleCall } from '../src/services/calls/settle';
import { dialableCampaign, type DialableOptions } from './helpers/dialer';
import { useDialerStack } from './helpers/dialerStack';
import { dispatchRun } from './helpers/dialerRules';

/** What the campaign page states: the next call times (within the hours) and the campaign's number. */
const campaignIds: number[] = [];
const api = useDialerStack({
  beforeClose: async () =>
    campaignIds.length && Campaign.update({ status: 'completed' }, { where: { id: campaignIds } }),
});

const at = (text: string) => new Date(text);
// Hours 09:00-16:05 on weekdays; Tuesday 2026-12-01 17:13 in New York, 16:13 in Chicago: closed in both.
const HOURS: Partial<DialableOptions> = {
  callingHoursStart: '09:00',
  callingHoursEnd: '16:05',
  callingDays: 'mon,tue,wed,thu,fri',
};
const AFTER_CLOSE = at('2026-12-01T22:13:00Z');

async function withClock<T>(now: Date, read: () => Promise<T>): Promise<T> {
  setDialerClock(() => now);
  try {
    return await read();
  } finally {
    setDialerClock(null);
  }
}

async function campaignOf(numbers: string[], options: Partial<DialableOptions>) {
  const made = await dialableCampaign(api.baseUrl, { numbers, directList: true, ...HOURS, ...options });
  campaignIds.push(made.campaign.id);
  expect(await seedCampaignProspects(made.campaign.id)).toBe('seeded');
  return made;
}

async function pageOf(made: Awaited<ReturnType<typeof campaignOf>>) {
  const page = await made.client.get(`/api/campaigns/${made.campaign.id}`);
  const prospects = await made.client.get(`/api/campaigns/${made.campaign.id}/prospects`);
  return {
    dialing: page.json.dialing as CampaignDialing,
    rows: prospects.json as unknown as CampaignProspectEntry[],
  };
}

describe('next call times', () => {
  it('before the setup is complete, are the next opening in each prospect’s zone, not a mark or now', async () => {
    const ny = '+12127450711';
    const chicago = '+13127450711';
    const made = await campaignOf([ny, chicago], { state: 'setup_incomplete' });

    const { dialing, rows } = await withClock(AFTER_CLOSE, () => pageOf(made));
    expect(dialing.nextCallAt).toBe('2026-12-02T14:00:00.000Z'); // 09:00 on Wednesday in New York
    expect(dialing.nextCallTimeZone).toBe('America/New_York');
    const byNumber = new Map(rows.map((row) => [row.phoneNumber, row]));
    expect(byNumber.get(ny)).toMatchObject({
      nextAttemptAt: '2026-12-02T14:00:00.000Z',
      reason: 'outside_hours',
    });
    expect(byNumber.get(chicago)).toMatchObject({
      nextAttemptAt: '2026-12-02T15:00:00.000Z', // 09:00 in Chicago
      reason: 'outside_hours',
    });

    // Inside the window, a prospect not decided yet may be called now.
    const open = at('2026-12-01T15:30:00Z'); // 10:30 in New York, 09:30 in Chicago
    const during = await withClock(open, () => pageOf(made));
    expect(during.dialing.nextCallAt).toBe(open.toISOString());
    for (const row of during.rows)
      expect(row).toMatchObject({ nextAttemptAt: open.toISOString(), reason: null });
  });

  it('after a no-answer near the close, the retry waits for the next morning in the prospect’s zone', async () => {
    const chicago = '+13127450712';
    const made = await campaignOf([chicago], {
      maxAttempts: 3,
      retryDelayMinutes: 240,
      maxConcurrentCalls: 5,
    });
    await provisionPhoneNumber(made.campaign.id);
    await verifyTwilioSetup(made.campaign.id);

    const calledAt = at('2026-12-01T21:15:00Z'); // 15:15 in Chicago; 240 minutes later is after 16:05
    await dispatchRun(calledAt);
    const call = await CallRecord.findOne({ where: { campaignId: made.campaign.id, status: 'queued' } });
    expect(call).not.toBeNull();
    await sequelize.transaction(async (transaction) => {
      const locked = (await CallRecord.findByPk(call!.id, { transaction, lock: true }))!;
      locked.status = 'no_answer';
      locked.dialedAt = calledAt;
      locked.endedAt = calledAt;
      await settleCall(locked, transaction);
    });

    const prospect = await CampaignProspect.findOne({ where: { campaignId: made.campaign.id } });
    expect(prospect).toMatchObject({ state: 'scheduled', reason: 'retry_wait', lastResult: 'no_answer' });
    expect(prospect!.nextAttemptAt).toEqual(at('2026-12-02T15:00:00Z'));
    const { dialing } = await withClock(at('2026-12-01T21:16:00Z'), () => pageOf(made));
    expect(dialing).toMatchObject({
      nextCallAt: '2026-12-02T15:00:00.000Z',
      nextCallTimeZone: 'America/Chicago',
    });
  });
});

describe('the campaign’s number (caller ID)', () => {
  const numberOf = async (made: Awaited<ReturnType<typeof campaignOf>>) => {
    const one = await made.client.get(`/api/campaigns/${made.campaign.id}`);
    const list = (await made.client.get('/api/campaigns')).json as unknown as CampaignDto[];
    expect(list.find((c) => c.id === made.campaign.id)?.phoneNumber).toBe(one.json.phoneNumber);
    return one.json.phoneNumber;
  };

  it('is the number bought for the campaign once provisioned, in E.164, and none before', async () => {
    const made = await campaignOf(['+12127450713'], { areaCode: '415' });
    expect(await numberOf(made)).toBeNull();
    await provisionPhoneNumber(made.campaign.id);
    const bought = (await Campaign.findByPk(made.campaign.id))!.providedPhoneNumber;
    expect(bought).toMatch(/^\+1415\d{7}$/);
    expect(await numberOf(made)).toBe(bought);
  });

  it('is the owner’s own Twilio number for a campaign on their account', async () => {
    const made = await campaignOf(['+12127450714'], {});
    await Campaign.update({ useProvidedNumber: false }, { where: { id: made.campaign.id } });
    expect(await numberOf(made)).toBeNull();
    const saved = await made.client.request('PUT', '/api/user/profile', {
      twilioAccountSid: `AC${'0f'.repeat(16)}`,
      twilioAuthToken: '0123456789abcdef0123456789abcdef',
      twilioPhoneNumber: '+14155550123',
    });
    expect(saved.status).toBe(200);
    expect(await numberOf(made)).toBe('+14155550123');
  });
});
