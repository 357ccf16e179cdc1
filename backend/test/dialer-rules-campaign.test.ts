import { describe, expect, it, vi } from 'vitest';
import { billingMonthOf, type CampaignDialing } from '@ringcast/shared-types';
import { sequelize } from '../src/db/sequelize';
import { CallRecord, Campaign, User } from '../src/db/models';
import { settleCall } from '../src/services/calls/settle';
import { at, dispatchRun, prospectOf, queuedNumbers, useDialerRules } from './helpers/dialerRules';

/** What a campaign's owner sets the dispatcher to: calling hours, who is calling, and the monthly volume. */
const { readyCampaign } = useDialerRules();

describe('campaign calling hours', () => {
  it('refuses a window wider than the law, keeps a narrower one and decides waiting prospects again', async () => {
    const { client, campaign } = await readyCampaign(['+12127450406']);
    await dispatchRun(at('2026-07-01T11:00:00Z')); // 07:00 in New York: waits for 08:00
    expect((await prospectOf(campaign.id, '+12127450406')).nextAttemptAt).toEqual(at('2026-07-01T12:00:00Z'));

    const wide = await client.request('PUT', `/api/campaigns/${campaign.id}`, {
      callingHoursStart: '07:00',
      callingHoursEnd: '17:00',
    });
    expect(wide.status).toBe(400);
    expect(wide.json.error).toBe(
      "Calling hours must lie within 08:00-21:00, the legal window in each prospect's local time.",
    );
    const alone = await client.request('PUT', `/api/campaigns/${campaign.id}`, { callingHoursEnd: '17:00' });
    expect(alone.status).toBe(400);
    expect(alone.json.error).toBe('Give both a start and an end for the calling hours.');

    const narrow = await client.request('PUT', `/api/campaigns/${campaign.id}`, {
      callingHoursStart: '10:00',
      callingHoursEnd: '16:00',
      callingDays: 'mon,tue,wed,thu,fri',
      maxAttempts: 2,
      retryDelayMinutes: 60,
    });
    expect(narrow.status).toBe(200);
    expect(narrow.json).toMatchObject({
      callingHoursStart: '10:00',
      callingHoursEnd: '16:00',
      callingDays: 'mon,tue,wed,thu,fri',
      maxAttempts: 2,
      retryDelayMinutes: 60,
    });
    await dispatchRun(at('2026-07-01T11:05:00Z'));
    expect(await prospectOf(campaign.id, '+12127450406')).toMatchObject({
      state: 'scheduled',
      reason: 'outside_hours',
      nextAttemptAt: at('2026-07-01T14:00:00Z'),
    });
    expect(
      (await client.request('PUT', `/api/campaigns/${campaign.id}`, { retryDelayMinutes: 10 })).json.error,
    ).toBe('Attempts must be at least 30 minutes apart');
  });
});

describe('who is calling', () => {
  it('a campaign whose owner lost the company name or callback number stops dialing until they are back', async () => {
    const numbers = ['+12125553107', '+12125553117'];
    const made = await readyCampaign(numbers);
    const id = made.campaign.id;
    await User.update({ companyName: null }, { where: { id: made.user.id } });
    await dispatchRun(at('2026-07-01T15:00:00Z'));
    expect(await queuedNumbers(id)).toEqual([]);
    const read = await made.client.get(`/api/campaigns/${id}`);
    expect((read.json.dialing as CampaignDialing).notDialingReason).toBe('consent_missing');

    await User.update(
      { companyName: 'Spring Dental Clinic', phoneNumber: 'none' },
      { where: { id: made.user.id } },
    );
    await dispatchRun(at('2026-07-01T15:01:00Z'));
    expect(await queuedNumbers(id)).toEqual([]);

    await User.update({ phoneNumber: '(212) 555-0188' }, { where: { id: made.user.id } });
    await dispatchRun(at('2026-07-01T15:02:00Z'));
    expect(await queuedNumbers(id)).toEqual(numbers);
  });
});

describe('the monthly volume', () => {
  it('is never passed when a call settles while the dispatcher counts what is used', async () => {
    const numbers = ['+12127450117', '+12127450127', '+12127450137', '+12127450147'];
    const made = await readyCampaign(numbers, { monthlyCallVolume: 100, maxConcurrentCalls: 1 });
    const id = made.campaign.id;
    const month = billingMonthOf(new Date());
    // 98 of the month's 100 billable calls are used, and one more call is in flight.
    await sequelize.query('INSERT INTO campaign_usage (campaignId, month, billableCalls) VALUES (?, ?, 98)', {
      replacements: [id, month],
    });
    await dispatchRun(at('2026-07-01T15:00:00Z'));
    const [inFlight] = await CallRecord.findAll({ where: { campaignId: id, status: 'queued' } });
    expect(inFlight).toBeDefined();
    await Campaign.update({ maxConcurrentCalls: 10 }, { where: { id } });

    // That call is answered and settles (billable: the 99th) just after the dispatcher's first
    // read of the month's usage or of the calls in flight, whichever it reads first.
    const query = sequelize.query.bind(sequelize);
    let settled = false;
    const spy = vi.spyOn(sequelize, 'query').mockImplementation((async (
      ...args: Parameters<typeof query>
    ) => {
      const result = await query(...args);
      const sql = String(args[0]);
      if (!settled && /FROM (campaign_usage|call_records\s+WHERE campaignId IN)/.test(sql)) {
        settled = true;
        await sequelize.transaction(async (transaction) => {
          const call = (await CallRecord.findByPk(inFlight!.id, { transaction, lock: true }))!;
          Object.assign(call, { status: 'completed', answeredBy: 'human', endedAt: new Date() });
          await settleCall(call, transaction);
        });
      }
      return result;
    }) as typeof sequelize.query);
    try {
      await dispatchRun(at('2026-07-01T15:01:00Z'));
    } finally {
      spy.mockRestore();
    }
    expect(settled).toBe(true);

    const [[usage]] = (await sequelize.query(
      'SELECT billableCalls FROM campaign_usage WHERE campaignId = ? AND month = ?',
      { replacements: [id, month] },
    )) as [{ billableCalls: number }[], unknown];
    expect(Number(usage!.billableCalls)).toBe(99);
    // Only one more call may go out: were both answered, the month would end at 101.
    expect(await queuedNumbers(id)).toHaveLength(1);
  });
});
