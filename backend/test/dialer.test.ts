import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { sequelize } from '../src/db/sequelize';
import { AuditLog, CallRecord, Campaign, DoNotCallNumber } from '../src/db/models';
import { platformTwilioAccount } from '../src/providers/twilio';
import { applyCallEvents } from '../src/services/calls/events';
import { readDialedCalls, rememberDialedCall } from '../src/services/calls/place';
import { signTwilioRequest } from '../src/telephony/signature';
import {
  callsOf,
  campaignCompleted,
  dialableCampaign,
  numbersEndingIn,
  statisticsMismatch,
  waitUntil,
} from './helpers/dialer';
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
    const { campaign } = await dialableCampaign(api.baseUrl, { numbers, maxConcurrentCalls: 4 });

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

describe('Twilio callbacks', () => {
  async function dialingCall() {
    const { campaign } = await dialableCampaign(api.baseUrl, {
      numbers: numbersEndingIn([6]),
      state: 'draft',
    });
    const account = platformTwilioAccount();
    const [row] = await sequelize.query<{ id: number }>('SELECT id FROM prospects ORDER BY id DESC LIMIT 1', {
      type: QueryTypes.SELECT,
    });
    const call = await CallRecord.create({
      campaignId: campaign.id,
      userId: campaign.userId,
      prospectId: row.id,
      toNumber: numbersEndingIn([6])[0],
      fromNumber: '+12125550100',
      accountSid: account.accountSid,
      status: 'dialing',
      dialedAt: new Date(),
      providerCallSid: `CA${randomBytes(16).toString('hex')}`,
    });
    return { call, campaign, account };
  }

  async function post(callId: number, kind: string, params: Record<string, string>, token?: string) {
    const url = `${api.baseUrl}/webhooks/twilio/calls/${callId}/${kind}`;
    const signature = token ? signTwilioRequest(token, url, params) : undefined;
    return fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(signature ? { 'X-Twilio-Signature': signature } : {}),
      },
      body: new URLSearchParams(params).toString(),
    });
  }

  it('refuses a missing or wrong signature with 403 and changes nothing', async () => {
    const { call, account } = await dialingCall();
    const params = {
      CallSid: call.providerCallSid!,
      AccountSid: account.accountSid,
      CallStatus: 'completed',
      SequenceNumber: '3',
      CallDuration: '42',
    };
    expect((await post(call.id, 'status', params)).status).toBe(403);
    expect((await post(call.id, 'status', params, 'f'.repeat(32))).status).toBe(403);
    const forged = { ...params, CallDuration: '999' };
    const url = `${api.baseUrl}/webhooks/twilio/calls/${call.id}/status`;
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': signTwilioRequest(account.authToken, url, params),
      },
      body: new URLSearchParams(forged).toString(),
    });
    expect(res.status).toBe(403);
    expect((await post(999_999_999, 'status', params, account.authToken)).status).toBe(403);
    // Signed, but not a callback the schema takes: refused with what is wrong, nothing stored.
    const malformed = await post(call.id, 'status', { ...params, CallSid: 'not-a-sid' }, account.authToken);
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: string }).error).toMatch(/callSid/i);
    await call.reload();
    expect(call.status).toBe('dialing');
    expect(
      await sequelize.query('SELECT id FROM call_events WHERE callRecordId = ?', {
        replacements: [call.id],
        type: QueryTypes.SELECT,
      }),
    ).toHaveLength(0);
  });

  it("checks a dialed call's callbacks against the owner the worker kept in Redis, reading its row only when Redis has none", async () => {
    const statements: string[] = [];
    const HOOK = 'statementsOfThisTest';
    sequelize.addHook('afterQuery', HOOK, (_options, query) => {
      statements.push((query as unknown as { sql: string }).sql);
    });
    const rowRead = () =>
      statements.some((sql) =>
        /SELECT id, userId, campaignId, accountSid, toNumber FROM call_records/.test(sql),
      );
    try {
      for (const kept of [true, false]) {
        const { call, account } = await dialingCall();
        if (kept) await rememberDialedCall({ ...call.get({ plain: true }), accountSid: account.accountSid });
        statements.length = 0;
        const params = {
          CallSid: call.providerCallSid!,
          AccountSid: account.accountSid,
          CallStatus: 'ringing',
          SequenceNumber: '1',
        };
        expect((await post(call.id, 'status', params, account.authToken)).status).toBe(204);
        expect(rowRead()).toBe(!kept);
      }
    } finally {
      sequelize.removeHook('afterQuery', HOOK);
    }
  });

  it('applies out-of-order and repeated callbacks once: the status only moves forward, the call counts once', async () => {
    const { call, campaign, account } = await dialingCall();
    const base = { CallSid: call.providerCallSid!, AccountSid: account.accountSid };
    const events = [
      { ...base, CallStatus: 'completed', SequenceNumber: '3', CallDuration: '31', SipResponseCode: '200' },
      { ...base, CallStatus: 'ringing', SequenceNumber: '1' },
      { ...base, CallStatus: 'in-progress', SequenceNumber: '2' },
      { ...base, CallStatus: 'completed', SequenceNumber: '3', CallDuration: '31', SipResponseCode: '200' },
      { ...base, CallStatus: 'initiated', SequenceNumber: '0' },
    ];
    for (const params of events)
      expect((await post(call.id, 'status', params, account.authToken)).status).toBe(204);
    expect((await post(call.id, 'amd', { ...base, AnsweredBy: 'human' }, account.authToken)).status).toBe(
      204,
    );

    const settled = await waitUntil(async () => {
      const row = await CallRecord.findByPk(call.id);
      const events = await sequelize.query('SELECT id FROM call_events WHERE callRecordId = ?', {
        replacements: [call.id],
        type: QueryTypes.SELECT,
      });
      return row?.settledAt && row.answeredBy && events.length === 5 ? row : null;
    }, 'the callbacks to be applied');
    expect(settled).toMatchObject({
      status: 'completed',
      durationSeconds: 31,
      billable: true,
      successful: true,
    });
    const counted = await Campaign.findByPk(campaign.id);
    expect(counted).toMatchObject({ totalCalls: 1, successfulCalls: 1, totalCost: '0.80' });
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });

  it('counts every call of a campaign when many end at the same moment', async () => {
    const { campaign, account } = await dialingCall();
    const calls = await CallRecord.bulkCreate(
      numbersEndingIn(Array.from({ length: 12 }, () => 6)).map((toNumber) => ({
        campaignId: campaign.id,
        userId: campaign.userId,
        toNumber,
        fromNumber: '+12125550100',
        accountSid: account.accountSid,
        status: 'in_progress' as const,
        dialedAt: new Date(),
        providerCallSid: `CA${randomBytes(16).toString('hex')}`,
      })),
    );
    // Each settles in its own transaction, all at once: none may be lost to a deadlock.
    const applied = await Promise.all(
      calls.map((call) =>
        applyCallEvents([
          {
            callId: call.id,
            kind: 'status',
            callSid: call.providerCallSid!,
            accountSid: account.accountSid,
            sequenceNumber: 3,
            callStatus: 'completed',
            callDuration: 30,
          },
        ]),
      ),
    );
    expect(applied.map((a) => a.outcomes.applied)).toEqual(calls.map(() => 1));
    expect(await Campaign.findByPk(campaign.id)).toMatchObject({ totalCalls: 12, totalCost: '9.60' });
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });
});
