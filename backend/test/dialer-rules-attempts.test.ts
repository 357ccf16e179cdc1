import { describe, expect, it } from 'vitest';
import { sequelize } from '../src/db/sequelize';
import { CallRecord, Campaign } from '../src/db/models';
import { addToDoNotCall } from '../src/services/calls/doNotCall';
import { placeCall } from '../src/services/calls/place';
import { callsOf } from './helpers/dialer';
import {
  at,
  dispatchRun,
  MINUTE,
  prospectOf,
  queuedNumbers,
  runDialer,
  useDialerRules,
} from './helpers/dialerRules';

/** The dispatcher's do-not-call list, attempts and retries, driven through time by its clock. */
const { readyCampaign } = useDialerRules();

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
    await dispatchRun(now);
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

    for (const minutes of [2, 60, 600]) await dispatchRun(new Date(now.getTime() + minutes * MINUTE));
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
    await dispatchRun(at('2026-07-01T15:00:00Z'));
    const [first] = await callsOf(campaign.id);
    await Campaign.update({ status: 'paused' }, { where: { id: campaign.id } });
    expect(await placeCall(first.id)).toEqual({ placed: false, reason: 'canceled' });
    await Campaign.update({ status: 'active' }, { where: { id: campaign.id } });

    await dispatchRun(at('2026-07-01T15:01:00Z'));
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
