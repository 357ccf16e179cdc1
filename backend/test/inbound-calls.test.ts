import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DashboardStats } from '@ringcast/shared-types';
import { sequelize } from '../src/db/sequelize';
import { CallRecord, Campaign } from '../src/db/models';
import { platformTwilioAccount, twilioClient } from '../src/providers/twilio';
import { addToDoNotCall } from '../src/services/calls/doNotCall';
import { signTwilioRequest } from '../src/telephony/signature';
import { adminClient } from './helpers/admin';
import { registeredClient, TestClient } from './helpers/client';
import { numbersEndingIn, statisticsMismatch } from './helpers/dialer';
import { useDialerStack } from './helpers/dialerStack';
import {
  campaignWithNumber as campaignWithNumberOf,
  ringThroughSandbox,
  settledInboundCall,
} from './helpers/inbound';

/**
 * Calls into a campaign's number: Twilio's request to the number's voice URL (signed with the
 * platform account's token) answered with the agent, recorded once per CallSid as an inbound call,
 * and settled like the calls we place when the number's status callback reports its end. The
 * Twilio sandbox rings the numbers, and a worker applies the callbacks.
 */
/** Only an admin may ring a number through the sandbox. */
const api = useDialerStack({ workers: 1, admin: true });

const callSid = () => `CA${randomBytes(16).toString('hex')}`;

const campaignWithNumber = () => campaignWithNumberOf(api.baseUrl);

/** Twilio's request to the voice URL, signed as Twilio signs it unless `signature` says otherwise. */
async function postInbound(fields: Record<string, string>, path = '', signature?: string) {
  const url = `${api.baseUrl}/webhooks/twilio/inbound${path}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': signature ?? signTwilioRequest(platformTwilioAccount().authToken, url, fields),
    },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, text: await res.text() };
}

const inboundFields = (to: string, from: string, sid = callSid()) => ({
  CallSid: sid,
  AccountSid: platformTwilioAccount().accountSid,
  From: from,
  To: to,
  CallStatus: 'ringing',
  Direction: 'inbound',
  ApiVersion: '2010-04-01',
});

/** Rings the number from `from` through the sandbox, as `client` (an admin). */
const ring = (to: string, from: string, client: TestClient = api.admin) =>
  ringThroughSandbox(client, to, from);

/** The calls the sandbox has placed to a number (the platform's account owns campaign numbers). */
/**
 * The calls rung into a number at the sandbox. Outbound calls are left out: a number the sandbox
 * sells here may have been called by an earlier file of the run, before it was sold.
 */
const sandboxCallsTo = async (to: string) =>
  (await twilioClient(platformTwilioAccount()).calls.list({ to })).filter(
    (call) => call.direction === 'inbound',
  );

const settledCall = settledInboundCall;

describe('a call into a campaign’s number', () => {
  it('is answered by the agent, recorded as inbound and counted once when it ends', async () => {
    const { campaign, user, client, number } = await campaignWithNumber();
    const [caller] = numbersEndingIn([6]);
    const rung = await ring(number, caller);
    expect(rung.status).toBe(201);
    expect(rung.json).toMatchObject({ to: number, from: caller, direction: 'inbound' });
    const call = await settledCall(rung.json.sid as string);
    expect(call).toMatchObject({
      campaignId: campaign.id,
      userId: user.id,
      direction: 'inbound',
      toNumber: number,
      fromNumber: caller,
      prospectId: null,
      accountSid: platformTwilioAccount().accountSid,
      status: 'completed',
      answeredBy: 'human',
      billable: true,
      cost: '0.80',
    });
    const counted = (await Campaign.findByPk(campaign.id))!;
    expect(counted).toMatchObject({ totalCalls: 1, receivedCalls: 1, personCalls: 1, status: 'paused' });
    expect(await statisticsMismatch(campaign.id)).toBeNull();
    const dashboard = (await client.get('/api/dashboard')).json as unknown as DashboardStats;
    expect(dashboard.campaigns.find((c) => c.id === campaign.id)).toMatchObject({
      totalCalls: 1,
      receivedCalls: 1,
      totalCost: '0.80',
    });
  });

  it('answers a retried webhook the same way and records the call once', async () => {
    const { campaign, number } = await campaignWithNumber();
    const fields = inboundFields(number, numbersEndingIn([7])[0]);
    const [first, second] = await Promise.all([postInbound(fields), postInbound(fields)]);
    const third = await postInbound(fields);
    for (const res of [first, second, third]) {
      expect(res.status).toBe(200);
      expect(res.text).toContain('<ConversationRelay');
      expect(res.text).toContain('<Parameter name="direction" value="inbound"/>');
      expect(res.text).toMatch(
        /welcomeGreeting="Thanks for calling [^"]+, this is Ava, an AI assistant\. How can I help you today\?"/,
      );
    }
    const calls = await CallRecord.findAll({ where: { campaignId: campaign.id } });
    expect(calls).toHaveLength(1);
    expect(first.text).toContain(`/webhooks/twilio/calls/${calls[0].id}/relay-ended`);

    // Its final status, reported twice to the number's status callback, is counted once.
    const completed = { ...fields, CallStatus: 'completed', CallDuration: '42', SequenceNumber: '0' };
    for (let i = 0; i < 2; i++) expect((await postInbound(completed, '/status')).status).toBe(204);
    const settled = await settledCall(fields.CallSid);
    expect(settled).toMatchObject({ status: 'completed', durationSeconds: 42, billable: true });
    expect((await Campaign.findByPk(campaign.id))!.totalCalls).toBe(1);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });

  it('is still answered when the caller is on the customer’s do-not-call list', async () => {
    const { campaign, user, number } = await campaignWithNumber();
    const [caller] = numbersEndingIn([8]);
    await sequelize.transaction((transaction) =>
      addToDoNotCall({ userId: user.id }, [caller], { source: 'agent', reason: 'asked' }, transaction),
    );
    const res = await postInbound(inboundFields(number, caller));
    expect(res.status).toBe(200);
    expect(res.text).toContain('<ConversationRelay');
    const [call] = await CallRecord.findAll({ where: { campaignId: campaign.id } });
    expect(call).toMatchObject({ direction: 'inbound', fromNumber: caller, status: 'in_progress' });
  });

  it('two people can ring the same number at once', async () => {
    const { campaign, number } = await campaignWithNumber();
    const [a, b] = numbersEndingIn([6, 7]);
    const answers = await Promise.all([
      postInbound(inboundFields(number, a)),
      postInbound(inboundFields(number, b)),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    const calls = await CallRecord.findAll({ where: { campaignId: campaign.id, status: 'in_progress' } });
    expect(calls.map((call) => call.fromNumber).sort()).toEqual([a, b].sort());
  });
});

describe('requests that are not Twilio’s or not ours', () => {
  it('refuses a missing or wrong signature with 403 and records nothing', async () => {
    const { campaign, number } = await campaignWithNumber();
    const fields = inboundFields(number, numbersEndingIn([6])[0]);
    const url = `${api.baseUrl}/webhooks/twilio/inbound`;
    const wrongToken = signTwilioRequest('not-the-token', url, fields);
    const otherFields = signTwilioRequest(platformTwilioAccount().authToken, url, { ...fields, From: '+1' });
    for (const signature of ['', wrongToken, otherFields]) {
      expect((await postInbound(fields, '', signature)).status).toBe(403);
    }
    const status = { ...fields, CallStatus: 'completed', SequenceNumber: '1' };
    expect((await postInbound(status, '/status', wrongToken)).status).toBe(403);
    expect(await CallRecord.count({ where: { campaignId: campaign.id } })).toBe(0);
  });

  it('tells a caller of a number no campaign holds that it is not in service, recording nothing', async () => {
    const before = await CallRecord.count();
    const fields = inboundFields('+12125550000', numbersEndingIn([6])[0]);
    const res = await postInbound(fields);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<Say>Sorry, this number is not in service\. Goodbye\.<\/Say><Hangup\/>/);
    // Its status callback is acknowledged and changes nothing.
    expect((await postInbound({ ...fields, CallStatus: 'completed' }, '/status')).status).toBe(204);
    expect(await CallRecord.count()).toBe(before);
    // And the sandbox refuses to ring a number nobody bought.
    expect((await ring('+12125550000', fields.From)).status).toBe(404);
  });

  it('refuses fields that are not a call with 400', async () => {
    const { number } = await campaignWithNumber();
    const res = await postInbound({ ...inboundFields(number, '+12125550106'), CallSid: 'nope' });
    expect(res.status).toBe(400);
  });
});

describe('ringing a number through the sandbox', () => {
  it('needs an admin: 401 signed out and 403 for a customer, before the number is looked at', async () => {
    const { campaign, client, number } = await campaignWithNumber();
    const caller = numbersEndingIn([6])[0];
    const signedOut = await ring(number, caller, new TestClient(api.baseUrl));
    expect(signedOut.status).toBe(401);
    // The campaign's own customer may not either.
    expect((await ring(number, caller, client)).status).toBe(403);
    // Nothing rang: no call at the sandbox, none recorded.
    expect(await sandboxCallsTo(number)).toEqual([]);
    expect(await CallRecord.count({ where: { campaignId: campaign.id } })).toBe(0);
    // A number nobody owns is refused the same way, not with 404: nothing is looked up first.
    expect((await ring('+12125550000', caller, new TestClient(api.baseUrl))).status).toBe(401);
    const stranger = await registeredClient(api.baseUrl);
    expect((await ring('+12125550000', caller, stranger.client)).status).toBe(403);
    // An admin rings it.
    const rung = await ring(number, caller);
    expect(rung.status).toBe(201);
    expect((await sandboxCallsTo(number)).map((call) => call.sid)).toEqual([rung.json.sid]);
  });

  it('lets one admin ring 30 numbers a minute, then answers 429 with Retry-After', async () => {
    const busy = (await adminClient(api.baseUrl)).client;
    const caller = numbersEndingIn([6])[0];
    for (let i = 0; i < 30; i++) expect((await ring('+12125550000', caller, busy)).status).toBe(404);
    const refused = await ring('+12125550000', caller, busy);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another admin is counted apart.
    expect((await ring('+12125550000', caller)).status).toBe(404);
  });
});
