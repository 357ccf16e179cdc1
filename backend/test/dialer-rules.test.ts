import { describe, expect, it, vi } from 'vitest';
import { billingMonthOf, isE164Phone, type CampaignDialing } from '@ringcast/shared-types';
import { sequelize } from '../src/db/sequelize';
import { CallRecord, Campaign, CampaignProspect, User } from '../src/db/models';
import { setDialerClock } from '../src/services/calls/shared';
import {
  dispatchCalls,
  sweepClosedCallingAreas,
  callingAreasOf,
  callingRulesOf,
  decideProspectsAgain,
  ProspectWaits,
  seedCampaignProspects,
} from '../src/services/calls/dispatch';
import { addToDoNotCall } from '../src/services/calls/doNotCall';
import { placeCall, provisionPhoneNumber, verifyTwilioSetup } from '../src/services/calls/place';
import { settleCall } from '../src/services/calls/settle';
import { callsOf, dialableCampaign, type DialableOptions } from './helpers/dialer';
import { useDialerStack } from './helpers/dialerStack';

/**
 * The calling rules in the dispatcher, driven through time by its injected clock: no worker runs,
 * so calls stay queued (or are finished here) and each dispatch sees exactly the instant given.
 */
const campaignIds: number[] = [];
const api = useDialerStack({
  // Nothing left for a later file's workers to dial.
  beforeClose: async () =>
    campaignIds.length && Campaign.update({ status: 'completed' }, { where: { id: campaignIds } }),
});

const at = (text: string) => new Date(text);
const MINUTE = 60_000;

/** A campaign ready to dial, set up here as the worker would: list seeded, number bought, account checked. */
async function readyCampaign(numbers: string[], options: Partial<DialableOptions> = {}) {
  for (const number of numbers) expect(isE164Phone(number)).toBe(true);
  const made = await dialableCampaign(api.baseUrl, {
    numbers,
    directList: true,
    maxConcurrentCalls: 10,
    ...options,
  });
  const id = made.campaign.id;
  campaignIds.push(id);
  expect(await seedCampaignProspects(id)).toBe('seeded');
  await provisionPhoneNumber(id);
  await verifyTwilioSetup(id);
  return made;
}

const queuedNumbers = async (campaignId: number) =>
  (await CallRecord.findAll({ where: { campaignId, status: 'queued' } })).map((call) => call.toNumber).sort();

const prospectOf = async (campaignId: number, phoneNumber: string) =>
  (await CampaignProspect.findOne({ where: { campaignId, phoneNumber } }))!;

/** The call ends as a busy or unanswered call placed at `when`, as the status callback would settle it. */
async function finishCall(callId: number, status: 'busy' | 'no_answer', when: Date) {
  await sequelize.transaction(async (transaction) => {
    const call = (await CallRecord.findByPk(callId, { transaction, lock: true }))!;
    call.status = status;
    call.dialedAt = when;
    call.endedAt = when;
    await settleCall(call, transaction);
  });
}

/** Dispatches every `stepMinutes` from `from` to `to`, ending each call it queues as `status`. */
async function runDialer(
  campaignId: number,
  from: Date,
  to: Date,
  stepMinutes: number,
  status: 'busy' | 'no_answer',
) {
  for (let now = from.getTime(); now <= to.getTime(); now += stepMinutes * MINUTE) {
    await dispatchCalls(new Date(now));
    for (const call of await CallRecord.findAll({ where: { campaignId, status: 'queued' } })) {
      await finishCall(call.id, status, new Date(now));
    }
  }
  return (await callsOf(campaignId)).map((call) => call.queuedAt!.getTime());
}

describe('calling windows in each prospect’s zone', () => {
  it('calls each prospect only inside its own window, with the reason and the next time stored', async () => {
    const ny = '+12127450106';
    const chicago = '+13127450106';
    const losAngeles = '+12137450106';
    const phoenix = '+16027450106';
    const honolulu = '+18087450106';
    const made = await readyCampaign([ny, chicago, losAngeles, phoenix, honolulu]);
    const { campaign } = made;

    // Wednesday 09:30 in New York, 08:30 in Chicago, 06:30 in Los Angeles and Phoenix, 03:30 in Honolulu.
    await dispatchCalls(at('2026-07-01T13:30:00Z'));
    expect(await queuedNumbers(campaign.id)).toEqual([ny, chicago].sort());
    for (const [number, next] of [
      [losAngeles, '2026-07-01T15:00:00Z'],
      [phoenix, '2026-07-01T15:00:00Z'],
      [honolulu, '2026-07-01T18:00:00Z'],
    ]) {
      const prospect = await prospectOf(campaign.id, number);
      expect(prospect).toMatchObject({ state: 'scheduled', reason: 'outside_hours' });
      expect(prospect.nextAttemptAt).toEqual(at(next));
    }

    // The campaign page says when the next calls go out, and where.
    setDialerClock(() => at('2026-07-01T13:31:00Z'));
    try {
      const page = await made.client.get(`/api/campaigns/${campaign.id}`);
      expect((page.json.dialing as CampaignDialing).nextCallAt).toBe('2026-07-01T15:00:00.000Z');
      expect((page.json.dialing as CampaignDialing).nextCallTimeZone).toMatch(
        /^America\/(Los_Angeles|Phoenix)$/,
      );
    } finally {
      setDialerClock(null);
    }

    await dispatchCalls(at('2026-07-01T14:59:00Z'));
    expect(await queuedNumbers(campaign.id)).toHaveLength(2);
    await dispatchCalls(at('2026-07-01T15:00:00Z'));
    expect(await queuedNumbers(campaign.id)).toEqual([ny, chicago, losAngeles, phoenix].sort());
    await dispatchCalls(at('2026-07-01T18:00:00Z'));
    expect(await queuedNumbers(campaign.id)).toHaveLength(5);
  });
});

describe('prospects held back', () => {
  it('are moved in one statement, each to its own instant and reason, only while still due', async () => {
    const nyNumbers = ['+12127450201', '+12127450202', '+12127450203'];
    const losAngeles = '+12137450201';
    const { campaign } = await readyCampaign([...nyNumbers, losAngeles]);
    const due = at('2026-07-01T13:00:00Z');
    await CampaignProspect.update(
      { state: 'scheduled', nextAttemptAt: due },
      { where: { campaignId: campaign.id } },
    );
    const now = at('2026-07-02T01:30:00Z'); // 21:30 in New York, 18:30 in Los Angeles
    const tomorrow = at('2026-07-02T12:00:00Z');
    const later = at('2026-07-02T15:00:00Z');
    const [first, second, third] = await Promise.all(nyNumbers.map((n) => prospectOf(campaign.id, n)));
    const la = await prospectOf(campaign.id, losAngeles);
    // Seeding stored where each may be, for the dispatcher's covering index.
    expect((await callingAreasOf([first!.callingAreaId])).get(first!.callingAreaId!)).toMatchObject({
      timeZones: ['America/New_York'],
      states: ['NY'],
    });
    // Another writer moved the second one meanwhile: its own time stands.
    await CampaignProspect.update(
      { nextAttemptAt: later },
      { where: { campaignId: campaign.id, prospectId: second!.prospectId } },
    );

    const waits = new ProspectWaits();
    for (const p of [first!, second!]) waits.add(p.prospectId, 'outside_hours', tomorrow);
    waits.add(la.prospectId, 'retry_wait', later);
    await waits.write(campaign.id, now);

    expect(await prospectOf(campaign.id, nyNumbers[0]!)).toMatchObject({
      state: 'scheduled',
      reason: 'outside_hours',
      nextAttemptAt: tomorrow,
    });
    expect(await prospectOf(campaign.id, nyNumbers[1]!)).toMatchObject({
      reason: null,
      nextAttemptAt: later,
    });
    expect((await prospectOf(campaign.id, third!.phoneNumber)).nextAttemptAt).toEqual(due);
    expect(await prospectOf(campaign.id, losAngeles)).toMatchObject({
      reason: 'retry_wait',
      nextAttemptAt: later,
    });
  });
});

describe('a zone whose window closed', () => {
  it('has its whole backlog moved in one run, and the open zones are called in that same run', async () => {
    // More New York prospects due than one run reads (5 batches of 200), ahead of two in Los Angeles.
    const nyNumbers = Array.from({ length: 1100 }, (_, i) => `+1212746${String(1000 + i)}`);
    const laNumbers = ['+12137460201', '+12137460202'];
    const { campaign } = await readyCampaign([...nyNumbers, ...laNumbers]);
    await CampaignProspect.update(
      { state: 'scheduled', nextAttemptAt: at('2026-07-01T13:00:00Z') },
      { where: { campaignId: campaign.id } },
    );
    await CampaignProspect.update(
      { nextAttemptAt: at('2026-07-01T16:00:00Z') },
      { where: { campaignId: campaign.id, phoneNumber: laNumbers } },
    );

    await dispatchCalls(at('2026-07-02T01:30:00Z')); // 21:30 in New York, 18:30 in Los Angeles
    expect(await queuedNumbers(campaign.id)).toEqual(laNumbers);
    const waiting = await CampaignProspect.count({
      where: {
        campaignId: campaign.id,
        state: 'scheduled',
        reason: 'outside_hours',
        nextAttemptAt: at('2026-07-02T12:00:00Z'),
      },
    });
    expect(waiting).toBe(nyNumbers.length);
  });

  it('is swept once per closing, and again once the prospects are all made due again', async () => {
    const nyNumbers = ['+12127470201', '+12127470202'];
    const { campaign } = await readyCampaign(nyNumbers);
    const due = at('2026-07-01T13:00:00Z');
    await CampaignProspect.update(
      { state: 'scheduled', nextAttemptAt: due },
      { where: { campaignId: campaign.id } },
    );
    const rules = callingRulesOf((await Campaign.findByPk(campaign.id))!);
    const closed = at('2026-07-02T01:30:00Z'); // 21:30 in New York
    const opening = at('2026-07-02T12:00:00Z');

    expect(await sweepClosedCallingAreas(campaign.id, rules, closed)).toMatchObject({ moved: 2, done: true });
    // A retry falling due while the zone is closed is left to the dispatcher's batches.
    const first = await prospectOf(campaign.id, nyNumbers[0]!);
    await first.update({ nextAttemptAt: due });
    expect(await sweepClosedCallingAreas(campaign.id, rules, at('2026-07-02T01:40:00Z'))).toMatchObject({
      areas: 0,
      moved: 0,
    });
    expect((await prospectOf(campaign.id, nyNumbers[0]!)).nextAttemptAt).toEqual(due);

    await decideProspectsAgain(campaign.id);
    expect(await sweepClosedCallingAreas(campaign.id, rules, at('2026-07-02T01:50:00Z'))).toMatchObject({
      moved: 2,
    });
    for (const number of nyNumbers)
      expect(await prospectOf(campaign.id, number)).toMatchObject({
        reason: 'outside_hours',
        nextAttemptAt: opening,
      });
  });
});

describe('do-not-call', () => {
  it('a number put on the list after its call was queued is never dialed, in any campaign of the customer', async () => {
    const number = '+12127450206';
    const first = await readyCampaign([number, '+12127450216']);
    const second = await readyCampaign([number], {
      owner: first,
      prospectListId: undefined,
      directList: true,
    });
    const now = at('2026-07-01T15:00:00Z');
    await dispatchCalls(now);
    const [queued] = await CallRecord.findAll({ where: { campaignId: first.campaign.id, toNumber: number } });
    expect(queued.status).toBe('queued');
    // The same number is in one call at a time per customer: the second campaign waits.
    expect(await queuedNumbers(second.campaign.id)).toEqual([]);

    // The callee opts out (the key press during a call does this, before the call ends).
    await sequelize.transaction((transaction) =>
      addToDoNotCall(
        { userId: first.user.id },
        [number],
        { source: 'key_press', reason: null, callRecordId: queued.id },
        transaction,
      ),
    );
    expect(await placeCall(queued.id)).toEqual({ placed: false, reason: 'canceled' });
    const withdrawn = await CallRecord.findByPk(queued.id);
    expect(withdrawn).toMatchObject({ status: 'canceled', dialedAt: null, providerCallSid: null });

    for (const minutes of [2, 60, 600]) await dispatchCalls(new Date(now.getTime() + minutes * MINUTE));
    const calls = await CallRecord.findAll({ where: { userId: first.user.id, toNumber: number } });
    expect(calls).toHaveLength(1);
    expect(await prospectOf(first.campaign.id, number)).toMatchObject({
      state: 'opted_out',
      reason: 'do_not_call',
    });
    expect(await prospectOf(second.campaign.id, number)).toMatchObject({
      state: 'opted_out',
      nextAttemptAt: null,
    });
  });
});

describe('attempts and retries', () => {
  it('a Florida number gets at most 3 attempts in 24 hours, each retry at least the delay apart', async () => {
    const { campaign } = await readyCampaign(['+13057450106'], { maxAttempts: 5, retryDelayMinutes: 30 });
    const times = await runDialer(
      campaign.id,
      at('2026-07-01T11:00:00Z'),
      at('2026-07-02T20:00:00Z'),
      30,
      'no_answer',
    );

    expect(times.map((t) => new Date(t).toISOString())).toEqual([
      '2026-07-01T12:00:00.000Z', // 08:00 in Miami
      '2026-07-01T12:30:00.000Z',
      '2026-07-01T13:00:00.000Z',
      '2026-07-02T12:00:00.000Z', // 24 hours after the first
      '2026-07-02T12:30:00.000Z',
    ]);
    for (const start of times) {
      expect(times.filter((t) => t >= start && t < start + 24 * 60 * MINUTE).length).toBeLessThanOrEqual(3);
    }
    const prospect = await prospectOf(campaign.id, '+13057450106');
    expect(prospect).toMatchObject({
      state: 'done',
      attempts: 5,
      lastResult: 'no_answer',
      reason: 'attempts_exhausted',
    });
    expect((await Campaign.findByPk(campaign.id))!.prospectsRemaining).toBe(0);
  });

  it('a call withdrawn before dialing spends no attempt', async () => {
    const number = '+12127450906';
    const { campaign } = await readyCampaign([number], { maxAttempts: 1 });
    await dispatchCalls(at('2026-07-01T15:00:00Z'));
    const [first] = await callsOf(campaign.id);
    await Campaign.update({ status: 'paused' }, { where: { id: campaign.id } });
    expect(await placeCall(first.id)).toEqual({ placed: false, reason: 'canceled' });
    await Campaign.update({ status: 'active' }, { where: { id: campaign.id } });

    await dispatchCalls(at('2026-07-01T15:01:00Z'));
    const calls = await callsOf(campaign.id);
    expect(calls.map((call) => [call.attempt, call.status])).toEqual([
      [1, 'canceled'],
      [2, 'queued'],
    ]);
    expect(await prospectOf(campaign.id, number)).toMatchObject({ state: 'in_call', attempts: 2 });
  });

  it('busy is tried again the retry delay later, inside the campaign’s hours', async () => {
    const { campaign } = await readyCampaign(['+12127450306'], {
      maxAttempts: 3,
      retryDelayMinutes: 240,
      callingHoursStart: '09:00',
      callingHoursEnd: '17:00',
      callingDays: 'mon,tue,wed,thu,fri',
    });
    const times = await runDialer(
      campaign.id,
      at('2026-07-01T12:00:00Z'),
      at('2026-07-02T18:00:00Z'),
      15,
      'busy',
    );
    expect(times.map((t) => new Date(t).toISOString())).toEqual([
      '2026-07-01T13:00:00.000Z', // 09:00 in New York
      '2026-07-01T17:00:00.000Z', // 4 hours later
      '2026-07-02T13:00:00.000Z', // 21:00Z is 17:00 there, when the campaign stops: the next morning
    ]);
  });
});

describe('campaign calling hours', () => {
  it('refuses a window wider than the law, keeps a narrower one and decides waiting prospects again', async () => {
    const { client, campaign } = await readyCampaign(['+12127450406']);
    await dispatchCalls(at('2026-07-01T11:00:00Z')); // 07:00 in New York: waits for 08:00
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
    await dispatchCalls(at('2026-07-01T11:05:00Z'));
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
    await dispatchCalls(at('2026-07-01T15:00:00Z'));
    expect(await queuedNumbers(id)).toEqual([]);
    const read = await made.client.get(`/api/campaigns/${id}`);
    expect((read.json.dialing as CampaignDialing).notDialingReason).toBe('consent_missing');

    await User.update(
      { companyName: 'Spring Dental Clinic', phoneNumber: 'none' },
      { where: { id: made.user.id } },
    );
    await dispatchCalls(at('2026-07-01T15:01:00Z'));
    expect(await queuedNumbers(id)).toEqual([]);

    await User.update({ phoneNumber: '(212) 555-0188' }, { where: { id: made.user.id } });
    await dispatchCalls(at('2026-07-01T15:02:00Z'));
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
    await dispatchCalls(at('2026-07-01T15:00:00Z'));
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
      await dispatchCalls(at('2026-07-01T15:01:00Z'));
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
