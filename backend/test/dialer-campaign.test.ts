import { describe, expect, it } from 'vitest';
import { AuditLog, CallRecord, Callback, Campaign, DoNotCallNumber } from '../src/db/models';
import { readDialedCalls } from '../src/services/calls/place';
import { callsOf, campaignCompleted, dialableCampaign, numbersEndingIn, waitUntil } from './helpers/dialer';
import { statisticsMismatch } from './helpers/statistics';
import { useDialerStack } from './helpers/dialerStack';

/**
 * The dialer end to end: the api with the Twilio sandbox playing calls 50 times faster, two real
 * worker processes dispatching, pacing and applying callbacks, real MariaDB and Redis.
 */
const api = useDialerStack({
  workers: 2,
  workerEnv: { TWILIO_CPS: '5', TWILIO_MAX_CONCURRENT_CALLS: '4' },
});

describe('a paid, set-up campaign', () => {
  it('calls every prospect once and records each sandbox outcome; drafts and incomplete setups never dial', async () => {
    const numbers = numbersEndingIn([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const draft = await dialableCampaign(api.baseUrl, { numbers: numbersEndingIn([6]), state: 'draft' });
    const incomplete = await dialableCampaign(api.baseUrl, {
      numbers: numbersEndingIn([7]),
      state: 'setup_incomplete',
    });
    const { campaign, client } = await dialableCampaign(api.baseUrl, { numbers, maxConcurrentCalls: 4 });

    // Callee 8 asks to be called back: the campaign waits for that promised call until its owner
    // cancels it, and then completes with nothing more dialed.
    const promised = await waitUntil(
      () => Callback.findOne({ where: { campaignId: campaign.id, status: 'scheduled' } }),
      'the promised call back',
      90_000,
    );
    const canceled = await client.post(`/api/callbacks/${promised.id}/cancel`, {});
    expect(canceled.status, canceled.text).toBe(200);
    const done = await campaignCompleted(campaign.id);
    const calls = await callsOf(campaign.id);
    const byDigit = new Map(calls.map((call) => [Number(call.toNumber.slice(-1)), call]));
    expect(calls).toHaveLength(10);
    expect(new Set(calls.map((c) => c.prospectId)).size).toBe(10);
    // Each call's owner was kept for the api as it was dialed.
    const kept = await readDialedCalls(calls.map((c) => c.id));
    expect(calls.map((c) => kept.get(c.id))).toEqual(
      calls.map((c) => ({
        id: c.id,
        userId: c.userId,
        campaignId: c.campaignId,
        accountSid: c.accountSid,
        toNumber: c.toNumber,
      })),
    );

    const expected: Record<number, [string, string | null, boolean]> = {
      0: ['busy', null, false],
      1: ['no_answer', null, false],
      2: ['completed', 'machine', true],
      3: ['failed', null, false],
      4: ['completed', 'human', true],
      5: ['completed', 'human', true],
      6: ['completed', 'human', true],
      7: ['completed', 'human', true],
      8: ['completed', 'human', true],
      9: ['completed', 'human', true],
    };
    for (const [digit, [status, answeredBy, billable]] of Object.entries(expected)) {
      const call = byDigit.get(Number(digit))!;
      expect({ digit, status: call.status, answeredBy: call.answeredBy, billable: call.billable }).toEqual({
        digit,
        status,
        answeredBy,
        billable,
      });
      expect(call.settledAt).not.toBeNull();
      expect(call.providerCallSid).toMatch(/^CA[0-9a-f]{32}$/);
    }
    // Who ended each call and why, where the call's final status or the agent says so.
    expect([0, 1, 2, 3, 6, 7, 8, 9].map((d) => byDigit.get(d)!.endedReason)).toEqual([
      'busy',
      'no_answer',
      'voicemail',
      'failed',
      'agent_hangup',
      'agent_hangup',
      'agent_hangup',
      'agent_hangup',
    ]);
    expect(byDigit.get(3)!.sipResponseCode).toBe(404);
    // The agent's outcome decides: interested or booked is a success; a call back later, a no or
    // a request to be left alone is not, however long the call.
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => byDigit.get(d)!.outcome)).toEqual([
      null,
      null,
      null,
      null,
      'do_not_call',
      'not_interested',
      'appointment_booked',
      'interested',
      'call_back_later',
      'interested',
    ]);
    expect(byDigit.get(8)!.durationSeconds).toBeGreaterThanOrEqual(20);
    expect(calls.filter((c) => c.successful).map((c) => c.toNumber.slice(-1))).toEqual(['6', '7', '9']);
    // Seven answered calls at $0.80, the rate of the month's first 2,000.
    expect(calls.filter((c) => c.billable).every((c) => c.cost === '0.80')).toBe(true);
    expect(done.totalCalls).toBe(10);
    expect(done.successfulCalls).toBe(3);
    expect(done.totalCost).toBe('5.60');
    expect(done.personCalls).toBe(6);
    expect(done.voicemailCalls).toBe(1);
    expect(done.prospectsRemaining).toBe(0);
    expect(await statisticsMismatch(campaign.id)).toBeNull();

    // The callee who asked to be removed is on the customer's list, and the call is not a success.
    const optOut = await DoNotCallNumber.findOne({ where: { phoneNumber: byDigit.get(4)!.toNumber } });
    expect(optOut).toMatchObject({ userId: done.userId, source: 'agent' });

    // The system set what it verified, audited as itself; the number was bought in 212.
    expect(done.providedPhoneNumber).toMatch(/^\+1212\d{7}$/);
    for (const flag of [
      'setupProspectListProcessed',
      'setupPhoneNumberConfigured',
      'setupTwilioConfigured',
    ]) {
      expect(done[flag as keyof Campaign]).toBe(true);
      expect(
        await AuditLog.count({
          where: { entityType: 'campaign', entityId: String(campaign.id), actorEmail: 'system' },
        }),
      ).toBeGreaterThanOrEqual(3);
    }

    // The prices arrive after the calls end.
    await waitUntil(
      async () => (await callsOf(campaign.id)).filter((c) => c.billable).every((c) => c.price !== null),
      'call prices',
    );

    expect(await CallRecord.count({ where: { campaignId: draft.campaign.id } })).toBe(0);
    expect(await CallRecord.count({ where: { campaignId: incomplete.campaign.id } })).toBe(0);
  }, 120_000);
});
