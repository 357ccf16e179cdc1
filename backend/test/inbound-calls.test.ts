import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats } from '@ringcast/shared-types';
import { sequelize } from '../src/db/sequelize';
import { CallRecord, Campaign } from '../src/db/models';
import { platformTwilioAccount } from '../src/providers/twilio';
import { addToDoNotCall } from '../src/services/calls/doNotCall';
import { provisionPhoneNumber } from '../src/services/calls/provisionNumber';
import { signTwilioRequest } from '../src/telephony/signature';
import {
  dialableCampaign,
  numbersEndingIn,
  spawnDialerWorker,
  startDialerApi,
  statisticsMismatch,
  waitUntil,
} from './helpers/dialer';
import type { Spawned } from './helpers/processes';

/**
 * Calls into a campaign's number: Twilio's request to the number's voice URL (signed with the
 * platform account's token) answered with the agent, recorded once per CallSid as an inbound call,
 * and settled like the calls we place when the number's status callback reports its end. The
 * Twilio sandbox rings the numbers, and a worker applies the callbacks.
 */
let api: Awaited<ReturnType<typeof startDialerApi>>;
let worker: Spawned;

beforeAll(async () => {
  api = await startDialerApi();
  worker = await spawnDialerWorker(api.workerEnv);
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

const callSid = () => `CA${randomBytes(16).toString('hex')}`;

/** A paused campaign (it places no calls) with the number bought for it. */
async function campaignWithNumber() {
  const owner = await dialableCampaign(api.baseUrl, {
    numbers: numbersEndingIn([6]),
    directList: true,
    state: 'draft',
  });
  await Campaign.update(
    { status: 'paused', setupPaymentProcessed: true },
    { where: { id: owner.campaign.id } },
  );
  expect(await provisionPhoneNumber(owner.campaign.id)).toBe('bought');
  const campaign = (await Campaign.findByPk(owner.campaign.id))!;
  return { ...owner, number: campaign.providedPhoneNumber! };
}

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

/** Rings the number from `from` through the sandbox, as a person's phone would. */
async function ring(to: string, from: string) {
  const res = await fetch(`${api.baseUrl}/sandbox/twilio/inbound-calls`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ To: to, From: from }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const settledCall = (sid: string) =>
  waitUntil(async () => {
    const call = await CallRecord.findOne({ where: { providerCallSid: sid } });
    return call?.settledAt ? call : null;
  }, `inbound call ${sid} to be settled`);

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
    expect(counted).toMatchObject({ totalCalls: 1, personCalls: 1, status: 'paused' });
    expect(await statisticsMismatch(campaign.id)).toBeNull();
    const dashboard = (await client.get('/api/dashboard')).json as unknown as DashboardStats;
    expect(dashboard.campaigns.find((c) => c.id === campaign.id)).toMatchObject({
      totalCalls: 1,
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
        /welcomeGreeting="Hello, you(&apos;|')ve reached [^"]+This is Ava, an AI assistant/,
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
      addToDoNotCall({ userId: user.id, phoneNumber: caller, source: 'agent', reason: 'asked' }, transaction),
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
