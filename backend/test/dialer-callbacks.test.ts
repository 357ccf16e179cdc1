import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { sequelize } from '../src/db/sequelize';
import { CallRecord, Campaign } from '../src/db/models';
import { platformTwilioAccount } from '../src/providers/twilio';
import { applyCallEvents } from '../src/services/calls/events';
import { rememberDialedCall } from '../src/services/calls/place';
import { signTwilioRequest } from '../src/telephony/signature';
import { dialableCampaign, numbersEndingIn, statisticsMismatch, waitUntil } from './helpers/dialer';
import { useDialerStack } from './helpers/dialerStack';

/**
 * Twilio's callbacks to the dialer: signed by the account that placed the call, applied once in any
 * order, with the api and two real worker processes beside it, real MariaDB and Redis.
 */
const api = useDialerStack({
  workers: 2,
  workerEnv: { TWILIO_CPS: '5', TWILIO_MAX_CONCURRENT_CALLS: '4' },
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
