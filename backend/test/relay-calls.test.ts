import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallOutcome, DashboardStats, RelayEndFrame } from '@ringcast/shared-types';
import { config } from '../src/config';
import { sequelize } from '../src/db/sequelize';
import { CallRecord, CallTranscriptTurn, Campaign, DoNotCallNumber } from '../src/db/models';
import { platformTwilioAccount } from '../src/providers/twilio';
import { findJob } from '../src/queues';
import { SILENCE_GOODBYE, STILL_THERE } from '../src/relay/relaySession';
import { runAgentTool } from '../src/services/agent/tools';
import { applyCallEvents } from '../src/services/calls/events';
import { recordCallOutcome } from '../src/services/calls/settle';
import { recordCallEnd } from '../src/services/agent/callEnd';
import { writeTurnRow, type TurnRow } from '../src/services/agent/transcriptWrites';
import { signRelayToken } from '../src/relay/relayToken';
import { signTwilioRequest } from '../src/telephony/signature';
import { adminClient } from './helpers/admin';
import {
  RelayCaller,
  answeredCall,
  askUpgrade,
  newCallSid,
  relayUrl,
  storedTurns,
  turnsOf,
} from './helpers/relay';
import { startTestApi } from './helpers/server';
import { collect, openSocket, waitFor } from './helpers/sockets';
import { statisticsMismatch } from './helpers/statistics';

/**
 * Calls the agent is on, end to end through the api's webhooks and its relay socket: what Twilio
 * is told to play, what the end of a session stores, how the outcome is counted (once, in any
 * order), who ended a call, and the agent's patience with silence. Real MariaDB and Redis.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
const callers: RelayCaller[] = [];
const TIME_SCALE = 50;
/** Seconds of silence the agent bears outside the silence tests: more than any test lasts. */
const PATIENT = 3600;

beforeAll(async () => {
  api = await startTestApi();
  // Callbacks are signed over the public address, and the relay URL in the TwiML is built from it.
  config.publicUrl = api.baseUrl;
  // Calls run 50 times faster than real time: the agent's silence too, which only the tests
  // about silence wait for.
  config.sandboxTimeScale = TIME_SCALE;
  config.calls.relay.silenceSeconds = PATIENT;
}, 60_000);

afterAll(async () => {
  callers.forEach((caller) => caller.close());
  await api?.close();
});

const account = platformTwilioAccount();

/**
 * A number no other live call of the owner has (answeredCall dials 212-555): a number is in at
 * most one live call per customer (a unique key), and random picks of 15 numbers collided about
 * once in a hundred runs.
 */
let liveNumbers = Math.floor(Math.random() * 5_000);
const nextLiveNumber = () => `+1212557${String(liveNumbers++ % 10_000).padStart(4, '0')}`;

/**
 * A person's live call placed on our platform account, as the dialer leaves it once answered; with
 * the agent on the line (unless `reachedAgent: false`), as a relay session that claimed it leaves
 * it (its key is the call's `relaySessionKey`). Tests that open the relay socket themselves start
 * from `reachedAgent: false`.
 */
async function liveCall(
  options: { reachedAgent?: boolean; test?: boolean; owner?: Awaited<ReturnType<typeof answeredCall>> } = {},
) {
  const base = options.owner ?? (await answeredCall(api.baseUrl));
  const call = options.owner
    ? await CallRecord.create({
        campaignId: base.campaign.id,
        userId: base.user.id,
        toNumber: nextLiveNumber(),
        fromNumber: '+12125550100',
        status: 'in_progress',
        answeredBy: 'human',
      })
    : base.call;
  const reachedAgent = options.reachedAgent !== false;
  await call.update({
    accountSid: account.accountSid,
    providerCallSid: `CA${randomBytes(16).toString('hex')}`,
    dialedAt: new Date(),
    test: options.test ?? false,
    relayStartedAt: reachedAgent ? new Date() : null,
    relaySessionKey: reachedAgent ? randomBytes(16).toString('base64url') : null,
    relaySessionClaimedAt: reachedAgent ? new Date() : null,
  });
  return { ...base, call };
}

function post(callId: number, path: string, params: Record<string, string>, signed = true) {
  const url = `${api.baseUrl}/webhooks/twilio/calls/${callId}/${path}`;
  return fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(signed ? { 'X-Twilio-Signature': signTwilioRequest(account.authToken, url, params) } : {}),
    },
    body: new URLSearchParams(params).toString(),
  });
}

const relayEnded = (
  call: CallRecord,
  handoff: { reason: string; outcome: CallOutcome | null },
  seconds = 42,
) =>
  post(call.id, 'relay-ended', {
    AccountSid: account.accountSid,
    CallSid: call.providerCallSid!,
    SessionId: `VX${call.id}`,
    SessionStatus: 'completed',
    SessionDuration: String(seconds),
    HandoffData: JSON.stringify(handoff),
  });

let sequence = 10;
/** The final status callback, applied as the worker applies it. */
const finalStatus = (call: CallRecord, callStatus = 'completed', callDuration = 42) =>
  applyCallEvents([
    {
      callId: call.id,
      kind: 'status',
      callSid: call.providerCallSid!,
      accountSid: account.accountSid,
      sequenceNumber: sequence++,
      callStatus,
      callDuration,
    },
  ]);

const counted = async (campaignId: number) => (await Campaign.findByPk(campaignId))!.successfulCalls;
const reloaded = async (call: CallRecord) => (await CallRecord.findByPk(call.id))!;

async function connect(call: CallRecord, url = relayUrl(api.baseUrl, call)) {
  const caller = await RelayCaller.open(url);
  callers.push(caller);
  caller.setup(call.id);
  return caller;
}

/** The relay URL a TwiML document tells ConversationRelay to open. */
const relayUrlInTwiml = (twiml: string) =>
  /<ConversationRelay url="([^"]+)"/.exec(twiml)![1]!.replace(/&amp;/g, '&');

const endFrame = (caller: RelayCaller) =>
  waitFor(() => caller.frames.find((f): f is RelayEndFrame => f.type === 'end'), 15_000, 'the end frame');

describe('POST /webhooks/twilio/calls/:id/twiml', () => {
  it("connects a person to the agent on ConversationRelay with the campaign's greeting; a test call too", async () => {
    const { call } = await liveCall({ reachedAgent: false });
    const res = await post(call.id, 'twiml', {
      AccountSid: account.accountSid,
      CallSid: call.providerCallSid!,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
    const twiml = await res.text();
    expect(twiml).toContain(`<Connect action="${api.baseUrl}/webhooks/twilio/calls/${call.id}/relay-ended"`);
    expect(twiml).toContain(
      'welcomeGreeting="Hi, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic."',
    );
    expect(twiml).toContain('<Parameter name="callId" value="' + call.id + '"/>');
    expect(twiml).not.toContain('<Gather');

    // The socket the TwiML names opens this call's session: the greeting is its first turn.
    const caller = await connect(call, relayUrlInTwiml(twiml));
    await waitFor(
      async () =>
        (await CallTranscriptTurn.findOne({ where: { callRecordId: call.id, seq: 0 } }))?.speaker === 'agent',
      10_000,
      'the greeting turn',
    );
    expect((await reloaded(call)).relayStartedAt).not.toBeNull();
    caller.close();

    const test = await liveCall({ test: true, reachedAgent: false });
    const testTwiml = await (
      await post(test.call.id, 'twiml', {
        AccountSid: account.accountSid,
        CallSid: test.call.providerCallSid!,
      })
    ).text();
    expect(testTwiml).toContain(`/relay/${test.call.id}?token=`);
    expect((await post(test.call.id, 'twiml', { AccountSid: account.accountSid }, false)).status).toBe(403);
  });
});

describe('POST /webhooks/twilio/calls/:id/gather', () => {
  it('still takes a key press from a call answered by the recorded script before the agent', async () => {
    const { call, user } = await liveCall({ reachedAgent: false });
    const res = await post(call.id, 'gather', {
      AccountSid: account.accountSid,
      CallSid: call.providerCallSid!,
      Digits: '9',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You will not receive any more calls from us.');
    expect((await reloaded(call)).outcome).toBe('do_not_call');
    expect(
      await DoNotCallNumber.findOne({ where: { userId: user.id, phoneNumber: call.toNumber } }),
    ).toMatchObject({ source: 'key_press', callRecordId: call.id });
  });
});

describe('POST /webhooks/twilio/calls/:id/relay-ended', () => {
  // A relay end waiting for its call's row kept the callee on the line and held a database
  // connection for as long as the batch applying the call's events took (p99 0.5 s, up to seconds
  // on a busy dialer): with ten connections per process a dozen such waits also held up the TwiML
  // of a call just answered.
  it('answers at once while a batch holds its call, and hands the end to the worker', async () => {
    const owner = await answeredCall(api.baseUrl);
    const held = await Promise.all(Array.from({ length: 14 }, () => liveCall({ owner })));
    const answered = await liveCall({ owner, reachedAgent: false });
    const batch = await sequelize.transaction();
    try {
      await CallRecord.findAll({
        where: { id: held.map(({ call }) => call.id) },
        lock: true,
        transaction: batch,
      });
      const started = performance.now();
      const ends = Promise.all(
        held.map(async ({ call }) => {
          const res = await relayEnded(call, { reason: 'agent_hangup', outcome: 'interested' }, 31);
          return { status: res.status, body: await res.text() };
        }),
      );
      const waited = new Promise<'still waiting'>((resolve) =>
        setTimeout(() => resolve('still waiting'), 5_000),
      );
      const answers = await Promise.race([ends, waited]);
      expect(answers).not.toBe('still waiting');
      expect(performance.now() - started).toBeLessThan(5_000);
      for (const answer of answers as { status: number; body: string }[]) {
        expect(answer).toMatchObject({ status: 200, body: expect.stringContaining('<Hangup/>') });
      }
      const twiml = await post(answered.call.id, 'twiml', {
        AccountSid: account.accountSid,
        CallSid: answered.call.providerCallSid!,
      });
      expect(twiml.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await batch.commit();
    }
    // Nothing was stored past the batch's lock; each end waits for the worker in a job of its own.
    for (const { call } of held) {
      expect(await reloaded(call)).toMatchObject({ relaySessionSeconds: null, outcome: null });
      const job = await findJob('recordRelayEnd', { callId: call.id });
      expect(job?.data).toEqual({
        callId: call.id,
        handoffData: JSON.stringify({ reason: 'agent_hangup', outcome: 'interested' }),
        sessionSeconds: 31,
      });
      await job!.remove();
    }
  });

  it('stores the handoff and the session length once, records the outcome it names and hangs up', async () => {
    const { call, campaign } = await liveCall();
    const handoff = { reason: 'agent_hangup', outcome: 'interested' as const };
    expect(
      (await post(call.id, 'relay-ended', { AccountSid: account.accountSid, HandoffData: '{}' }, false))
        .status,
    ).toBe(403);
    const res = await relayEnded(call, handoff, 42);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<Hangup/>');
    // Delivered again, later and with other numbers: nothing moves twice.
    expect((await relayEnded(call, { reason: 'agent_hangup', outcome: 'not_interested' }, 99)).status).toBe(
      200,
    );
    expect(await reloaded(call)).toMatchObject({
      relaySessionSeconds: 42,
      relayHandoff: JSON.stringify(handoff),
      outcome: 'interested',
      endedBy: 'agent',
      endedReason: 'agent_hangup',
      successful: false,
    });
    await finalStatus(call);
    expect(await reloaded(call)).toMatchObject({ successful: true, endedReason: 'agent_hangup' });
    expect(await counted(campaign.id)).toBe(1);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });

  it('keeps the outcome the agent recorded, and ignores handoff data it cannot read', async () => {
    const { call } = await liveCall();
    await recordCallOutcome(call.id, 'call_back_later');
    await post(call.id, 'relay-ended', {
      AccountSid: account.accountSid,
      CallSid: call.providerCallSid!,
      SessionDuration: '7',
      HandoffData: '{"reason":"agent_hangup","outcome":"thrilled"}',
    });
    const other = await liveCall();
    await post(other.call.id, 'relay-ended', {
      AccountSid: account.accountSid,
      CallSid: other.call.providerCallSid!,
      HandoffData: 'not json',
    });
    expect(await reloaded(call)).toMatchObject({ outcome: 'call_back_later', relaySessionSeconds: 7 });
    expect(await reloaded(other.call)).toMatchObject({
      outcome: null,
      relayHandoff: 'not json',
      endedBy: null,
    });
  });
});

describe('the outcome is counted exactly once', () => {
  it('recorded by the agent before the final status', async () => {
    const { call, campaign } = await liveCall();
    const state = {
      call,
      outcome: null,
      optedOut: false,
      endRequested: null,
      sessionKey: call.relaySessionKey,
    };
    expect(
      await runAgentTool(
        state,
        'record_outcome',
        '{"outcome":"appointment_booked","time":"2026-12-01T10:00:00-05:00"}',
      ),
    ).toMatchObject({ ok: true });
    expect(await counted(campaign.id)).toBe(0);
    await finalStatus(call);
    await finalStatus(call);
    expect(await reloaded(call)).toMatchObject({ successful: true, outcome: 'appointment_booked' });
    expect(await counted(campaign.id)).toBe(1);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });

  it('recorded after the final status, by the agent and by a repeated relay-ended', async () => {
    const { call, campaign } = await liveCall();
    await finalStatus(call, 'completed', 95);
    // The agent was on the line: a long call with no outcome is no success.
    expect(await reloaded(call)).toMatchObject({ status: 'completed', successful: false });
    expect(await counted(campaign.id)).toBe(0);
    const sessionKey = call.relaySessionKey;
    await recordCallOutcome(call.id, 'interested', { sessionKey });
    await Promise.all(
      [1, 2, 3].map(() => relayEnded(call, { reason: 'agent_hangup', outcome: 'interested' })),
    );
    await recordCallOutcome(call.id, 'interested', { sessionKey });
    expect(await reloaded(call)).toMatchObject({ successful: true });
    expect(await counted(campaign.id)).toBe(1);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });

  it('with two outcomes, the handoff and the final status racing, on many calls at once', async () => {
    const owner = await liveCall();
    const calls = [
      owner.call,
      ...(await Promise.all([1, 2, 3, 4, 5].map(() => liveCall({ owner }))).then((c) =>
        c.map((x) => x.call),
      )),
    ];
    await Promise.all(
      calls.flatMap((call) => [
        recordCallOutcome(call.id, 'interested', { sessionKey: call.relaySessionKey }),
        recordCallOutcome(call.id, 'appointment_booked', { sessionKey: call.relaySessionKey }),
        relayEnded(call, { reason: 'agent_hangup', outcome: 'interested' }),
        finalStatus(call),
      ]),
    );
    for (const call of calls) expect((await reloaded(call)).successful).toBe(true);
    expect(await counted(owner.campaign.id)).toBe(calls.length);
    expect(await statisticsMismatch(owner.campaign.id)).toBeNull();

    // The dashboard sums the call records: the same number as the campaign's card.
    const dashboard = (await owner.client.get('/api/dashboard?days=30')).json as unknown as DashboardStats;
    const row = dashboard.campaigns.find((c) => c.id === owner.campaign.id)!;
    expect(row).toMatchObject({ totalCalls: calls.length, successfulCalls: calls.length });
  });

  it('a later outcome that is no success takes the count back, once', async () => {
    const { call, campaign } = await liveCall();
    const sessionKey = call.relaySessionKey;
    await finalStatus(call);
    await recordCallOutcome(call.id, 'interested', { sessionKey });
    expect(await counted(campaign.id)).toBe(1);
    const state = { call, outcome: 'interested' as const, optedOut: false, endRequested: null, sessionKey };
    await Promise.all([
      runAgentTool(state, 'add_to_do_not_call', '{}'),
      recordCallOutcome(call.id, 'do_not_call', { sessionKey }),
      relayEnded(call, { reason: 'agent_hangup', outcome: 'interested' }),
    ]);
    expect(await reloaded(call)).toMatchObject({ outcome: 'do_not_call', successful: false });
    expect(await counted(campaign.id)).toBe(0);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });

  it('a call the agent never reached keeps the 20-second rule', async () => {
    const { call, campaign } = await liveCall({ reachedAgent: false });
    await finalStatus(call, 'completed', 31);
    expect(await reloaded(call)).toMatchObject({ successful: true });
    expect(await counted(campaign.id)).toBe(1);
  });

  it('a follow-up campaign counts a call back agreed as success', async () => {
    const { call, campaign } = await liveCall();
    await Campaign.update({ type: 'follow-up' }, { where: { id: campaign.id } });
    await finalStatus(call);
    await recordCallOutcome(call.id, 'call_back_later', { sessionKey: call.relaySessionKey });
    expect(await counted(campaign.id)).toBe(1);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });
});

describe('who ended a call, and why', () => {
  it('is set at settlement when nobody said, and corrected where the relay could not know', async () => {
    const owner = await liveCall();
    const another = () => liveCall({ owner }).then((c) => c.call);
    const busy = await another();
    await finalStatus(busy, 'busy', 0);
    const unanswered = await another();
    await finalStatus(unanswered, 'no-answer', 0);
    const failed = await another();
    await finalStatus(failed, 'failed', 0);
    const canceled = await another();
    await finalStatus(canceled, 'canceled', 0);
    const person = await another();
    await finalStatus(person, 'completed', 40);
    const machine = await another();
    await applyCallEvents([
      {
        callId: machine.id,
        kind: 'amd',
        callSid: machine.providerCallSid!,
        accountSid: account.accountSid,
        sequenceNumber: 0,
        answeredBy: 'machine_end_beep',
      },
    ]);
    // The voicemail replaced the relay, whose socket then closed as if the callee hung up.
    await recordCallEnd(machine.id, 'callee', 'callee_hangup');
    await finalStatus(machine, 'completed', 25);
    const limit = await another();
    await recordCallEnd(limit.id, 'callee', 'callee_hangup');
    await finalStatus(limit, 'completed', config.calls.timeLimitSeconds);
    const agent = owner.call;
    await recordCallEnd(agent.id, 'agent', 'agent_hangup');
    await finalStatus(agent, 'completed', 30);

    const endings = async (call: CallRecord) => {
      const row = await reloaded(call);
      return [row.endedBy, row.endedReason];
    };
    expect(await endings(busy)).toEqual(['system', 'busy']);
    expect(await endings(unanswered)).toEqual(['system', 'no_answer']);
    expect(await endings(failed)).toEqual(['system', 'failed']);
    expect(await endings(canceled)).toEqual(['system', 'canceled']);
    expect(await endings(person)).toEqual(['callee', 'callee_hangup']);
    expect(await endings(machine)).toEqual(['system', 'voicemail']);
    expect(await endings(limit)).toEqual(['system', 'max_duration']);
    expect(await endings(agent)).toEqual(['agent', 'agent_hangup']);
  });
});

describe('silence on the line', () => {
  beforeAll(() => {
    // Half a second of wall time at this scale: time enough for the caller to answer the question.
    config.calls.relay.silenceSeconds = 25;
  });
  afterAll(() => {
    config.calls.relay.silenceSeconds = PATIENT;
  });

  it('asks once whether the caller is still there, then says goodbye and ends the call', async () => {
    const { call } = await liveCall({ reachedAgent: false });
    const caller = await connect(call);
    const end = await endFrame(caller);
    expect(JSON.parse(end.handoffData!)).toEqual({ reason: 'silence_timeout', outcome: null });
    expect(caller.texts().map((t) => t.token)).toEqual([STILL_THERE, SILENCE_GOODBYE]);
    const turns = await storedTurns(call.id, 3);
    expect(turns.map((t) => t.text.slice(0, 20))).toEqual([
      'Hi, this is Ava, an ',
      STILL_THERE,
      SILENCE_GOODBYE.slice(0, 20),
    ]);
    const ended = await waitFor(
      async () => {
        const row = await reloaded(call);
        return row.endedBy ? row : null;
      },
      10_000,
      'the ending',
    );
    expect(ended).toMatchObject({ endedBy: 'agent', endedReason: 'silence_timeout' });
  });

  it('starts over when the caller answers: the next silence asks again', async () => {
    const { call } = await liveCall({ reachedAgent: false });
    const caller = await connect(call);
    await waitFor(() => caller.texts().some((t) => t.token === STILL_THERE), 10_000, 'the question');
    caller.say("Yes, I'm here.");
    const reply = await caller.turn(caller.frames.length);
    expect(reply.text).not.toBe(STILL_THERE);
    await endFrame(caller);
    const spoken = caller.texts().map((t) => t.token);
    expect(spoken.filter((t) => t === STILL_THERE)).toHaveLength(2);
    expect(spoken.at(-1)).toBe(SILENCE_GOODBYE);
  });
});

describe('a live call', () => {
  it("reaches the admins' tabs turn by turn, and goes on when its campaign is paused", async () => {
    const { call, campaign } = await liveCall({ reachedAgent: false });
    const { client: admin } = await adminClient(api.baseUrl);
    const socket = await openSocket(api.baseUrl, admin.cookieHeader);
    const pushed = collect(socket, 'call:transcript');
    const caller = await connect(call);
    await waitFor(
      () => pushed.some((p) => p.callId === call.id && p.turn.seq === 0),
      10_000,
      'the greeting pushed',
    );
    await Campaign.update({ status: 'paused' }, { where: { id: campaign.id } });
    caller.say("I'm fine, thanks.");
    const reply = await caller.turn(0);
    expect(reply.text).toContain('When did you last see a dentist?');
    await waitFor(
      () => pushed.some((p) => p.callId === call.id && p.turn.seq === 2),
      10_000,
      'the reply pushed',
    );
    socket.close();
  });
});

describe('a relay session is tied to its live call', () => {
  const turnTexts = async (callId: number) =>
    (await turnsOf(callId)).map((t) => [t.seq, t.speaker, t.text, Boolean(t.interrupted)]);

  it("refuses a settled call's socket to its still-valid token: outcome, count and transcript stay", async () => {
    const { call, campaign } = await liveCall({ reachedAgent: false });
    const url = relayUrl(api.baseUrl, call);
    const caller = await connect(call, url);
    caller.say("Sorry, I'm busy right now. Can you call me back tomorrow?");
    await endFrame(caller);
    caller.close();
    await waitFor(async () => (await turnTexts(call.id)).length === 3, 10_000, 'three turns');
    await waitFor(async () => (await reloaded(call)).endedBy, 10_000, 'the session closed');
    await finalStatus(call, 'completed', 40);
    const before = { call: (await reloaded(call)).get(), turns: await turnTexts(call.id) };
    expect(before.call).toMatchObject({ outcome: 'call_back_later', successful: false });
    expect(await counted(campaign.id)).toBe(0);

    // The token is valid for 15 minutes: the socket it names stays shut, and no session starts.
    expect(await askUpgrade(url)).toBe(409);
    await expect(RelayCaller.open(url)).rejects.toThrow(/409/);
    // Nor does anyone's outcome but the session's own land on the settled call.
    await recordCallOutcome(call.id, 'appointment_booked');
    await recordCallOutcome(call.id, 'appointment_booked', { sessionKey: 'k'.repeat(22) });
    const state = { call, outcome: null, optedOut: false, endRequested: null, sessionKey: null };
    const booked = '{"outcome":"appointment_booked","time":"2026-12-01T10:00:00-05:00"}';
    expect(await runAgentTool(state, 'record_outcome', booked)).toMatchObject({ ok: true });

    const after = await reloaded(call);
    expect(after.outcome).toBe('call_back_later');
    expect(after.successful).toBe(false);
    expect(after.relaySessionKey).toBe(before.call.relaySessionKey);
    expect(await turnTexts(call.id)).toEqual(before.turns);
    expect(await counted(campaign.id)).toBe(0);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });

  it('opens one session per call: of sockets opened at once with one token, only the first is accepted', async () => {
    const { call } = await liveCall({ reachedAgent: false });
    const url = relayUrl(api.baseUrl, call);
    const statuses = await Promise.all(Array.from({ length: 8 }, () => askUpgrade(url)));
    expect(statuses.sort()).toEqual([101, 409, 409, 409, 409, 409, 409, 409]);
    // The one accepted closed at once; the token opens nothing again, and no session talked.
    await expect(RelayCaller.open(url)).rejects.toThrow(/409/);
    expect(await reloaded(call)).toMatchObject({ relayStartedAt: null });
    expect(await turnTexts(call.id)).toEqual([]);
    // A fresh token for the same call is refused just the same.
    expect(
      await askUpgrade(relayUrl(api.baseUrl, call, signRelayToken(call.id, call.providerCallSid!))),
    ).toBe(409);
  });

  it('opens only the call and CallSid its token names, while the call is live', async () => {
    const a = (await liveCall({ reachedAgent: false })).call;
    const b = (await liveCall({ reachedAgent: false })).call;
    // A's id with B's CallSid (signed as a TwiML request naming it would have had it signed).
    expect(await askUpgrade(relayUrl(api.baseUrl, { id: a.id, providerCallSid: b.providerCallSid }))).toBe(
      403,
    );
    // A's token on B's socket.
    expect(await askUpgrade(relayUrl(api.baseUrl, b, signRelayToken(a.id, a.providerCallSid!)))).toBe(401);
    expect(await askUpgrade(relayUrl(api.baseUrl, { id: 999_999_999, providerCallSid: newCallSid() }))).toBe(
      404,
    );
    // A call not placed yet, or over though not counted yet.
    const queued = (await liveCall({ reachedAgent: false })).call;
    await queued.update({ status: 'queued' });
    expect(await askUpgrade(relayUrl(api.baseUrl, queued))).toBe(409);
    const over = (await liveCall({ reachedAgent: false })).call;
    await over.update({ status: 'completed' });
    expect(await askUpgrade(relayUrl(api.baseUrl, over))).toBe(409);
    // None of them claimed a call: each one's own token opens it.
    expect(await askUpgrade(relayUrl(api.baseUrl, a))).toBe(101);
    expect(await askUpgrade(relayUrl(api.baseUrl, b))).toBe(101);
  });

  it('answers TwiML with a relay token only for a call being answered; any other hangs up', async () => {
    const twimlOf = async (call: CallRecord, callSid = call.providerCallSid!) => {
      const res = await post(call.id, 'twiml', { AccountSid: account.accountSid, CallSid: callSid });
      expect(res.status).toBe(200);
      return res.text();
    };
    const settled = (await liveCall({ reachedAgent: false })).call;
    await finalStatus(settled);
    const claimed = (await liveCall()).call;
    const answering = (await liveCall({ reachedAgent: false })).call;
    for (const twiml of [
      await twimlOf(settled),
      await twimlOf(claimed),
      await twimlOf(answering, newCallSid()),
    ]) {
      expect(twiml).toContain('<Hangup/>');
      expect(twiml).not.toContain('ConversationRelay');
      expect(twiml).not.toContain('token=');
    }
    expect(await twimlOf(answering)).toContain(`/relay/${answering.id}?token=`);
  });

  it('changes nothing at relay-ended for a settled call, or one no relay session held', async () => {
    const { call, campaign } = await liveCall();
    await recordCallOutcome(call.id, 'call_back_later', { sessionKey: call.relaySessionKey });
    await finalStatus(call);
    // A machine answered, the voicemail played, and the call settled without an outcome.
    const machine = (await liveCall({ reachedAgent: false })).call;
    await machine.update({ answeredBy: 'machine' });
    await finalStatus(machine, 'completed', 25);
    // Answered, but its relay socket never opened.
    const unclaimed = (await liveCall({ reachedAgent: false })).call;
    const before = await Promise.all([call, machine, unclaimed].map(async (c) => (await reloaded(c)).get()));

    for (const c of [call, machine, unclaimed]) {
      const res = await relayEnded(c, { reason: 'agent_hangup', outcome: 'appointment_booked' }, 61);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<Hangup/>');
    }
    const after = await Promise.all([call, machine, unclaimed].map(async (c) => (await reloaded(c)).get()));
    expect(after).toEqual(before);
    expect(after.map((c) => c.outcome)).toEqual(['call_back_later', null, null]);
    expect(await counted(campaign.id)).toBe(0);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });

  it("never writes over a stored turn: a turn is only cut short, once; a settled call takes only its session's turns", async () => {
    const { call } = await liveCall();
    const sessionKey = call.relaySessionKey;
    const turn = (seq: number, text: string, more: Partial<TurnRow> = {}): TurnRow => ({
      callRecordId: call.id,
      seq,
      speaker: seq % 2 ? 'callee' : 'agent',
      text,
      offsetMs: seq * 1000,
      interrupted: false,
      sessionKey,
      ...more,
    });
    await writeTurnRow(turn(1, 'Yes, speaking.'));
    await writeTurnRow(turn(1, 'Yes, that works for me, please book the appointment.'));
    await writeTurnRow(turn(2, 'When did you last see a dentist?'));
    await writeTurnRow(turn(2, 'When did you', { interrupted: true }));
    await writeTurnRow(turn(2, "You're all set for tomorrow at 10 AM.", { interrupted: true }));
    await writeTurnRow(turn(2, "You're all set for tomorrow at 10 AM."));
    expect(await turnTexts(call.id)).toEqual([
      [1, 'callee', 'Yes, speaking.', false],
      [2, 'agent', 'When did you', true],
    ]);

    await finalStatus(call);
    await writeTurnRow(turn(3, 'Please book the appointment.', { sessionKey: null }));
    await writeTurnRow(turn(3, 'Please book the appointment.', { sessionKey: 'k'.repeat(22) }));
    expect(await turnTexts(call.id)).toHaveLength(2);
    // The session's own last turn, landing just after the final status, is kept.
    await writeTurnRow(turn(3, 'Thanks, goodbye.'));
    expect((await turnTexts(call.id)).at(-1)).toEqual([3, 'callee', 'Thanks, goodbye.', false]);
  });
});
