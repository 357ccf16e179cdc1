import { afterEach, describe, expect, it } from 'vitest';
import { CallRecord } from '../src/db/models';
import { platformTwilioAccount } from '../src/providers/twilio';
import { sharedRedis } from '../src/redis';
import { CALL_EVENTS_STREAM } from '../src/services/calls/events';
import { signTwilioRequest } from '../src/telephony/signature';
import { TestClient, registeredClient } from './helpers/client';
import { freePort, spawnApi, type Spawned } from './helpers/processes';
import { RelayCaller, answeredCall, askUpgradeAnswer, relayUrl, turnsOf } from './helpers/relay';
import { useTestApi } from './helpers/server';
import { waitFor } from './helpers/sockets';

/** Health says the process is alive, readiness that it takes new work; a stopping api drains. */
const api = useTestApi();

describe('health and readiness', () => {
  it('answers /api/health and /api/ready 200, uncached, with no session', async () => {
    const anonymous = new TestClient(api.baseUrl);
    const health = await anonymous.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.json).toMatchObject({ status: 'ok', draining: false });
    expect(health.json.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(health.headers.get('cache-control')).toBe('no-store');

    const ready = await anonymous.get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: 'ready', database: true, redis: true, draining: false });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });
});

/** A spawned api of this file's own: a real process, signalled as a supervisor would. */
let running: Spawned | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

async function drainingApi(drainSeconds: number) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  running = await spawnApi(
    port,
    {
      PUBLIC_URL: baseUrl,
      SANDBOX_URL: baseUrl,
      DRAIN_SECONDS: String(drainSeconds),
      // The agent answers fast and never gives up on a silent caller while a test waits.
      SANDBOX_TIME_SCALE: '50',
      AGENT_SILENCE_SECONDS: '3600',
    },
    { keepOutput: true },
  );
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    running!.child.once('exit', (code) => resolve({ code, at: performance.now() })),
  );
  return { baseUrl, process: running, exited };
}

const reloaded = async (call: CallRecord) => (await CallRecord.findByPk(call.id))!;

/** A live call of a new customer with its relay session open and set up (the agent on the line). */
async function liveSession(baseUrl: string) {
  const { call } = await answeredCall(baseUrl);
  // Placed on the platform's account, whose token signs its callbacks.
  await call.update({ accountSid: platformTwilioAccount().accountSid });
  const caller = await RelayCaller.open(relayUrl(baseUrl, call));
  caller.setup(call.id);
  await waitFor(async () => (await reloaded(call)).relayStartedAt, 10_000, 'the session set up');
  return { call, caller, next: 0 };
}

/** Twilio's status callback for the call, signed as Twilio signs it. */
function statusCallback(baseUrl: string, call: CallRecord, status: string) {
  const account = platformTwilioAccount();
  const url = `${baseUrl}/webhooks/twilio/calls/${call.id}/status`;
  const params = {
    CallSid: call.providerCallSid!,
    AccountSid: account.accountSid,
    CallStatus: status,
    SequenceNumber: '2',
  };
  return fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': signTwilioRequest(account.authToken, url, params),
    },
    body: new URLSearchParams(params).toString(),
  });
}

/** No worker runs here: the events a callback appended are taken out, for the next file's empty stream. */
async function dropAcceptedEvents(call: CallRecord) {
  const entries = await sharedRedis().xrange(CALL_EVENTS_STREAM(), '-', '+');
  const ours = entries.filter(([, fields]) => JSON.parse(fields[1] ?? '{}').callId === call.id);
  expect(ours).toHaveLength(1);
  await sharedRedis().xdel(CALL_EVENTS_STREAM(), ...ours.map(([id]) => id));
}

describe('a stopping api drains', () => {
  it('turns unready at once, refuses new relay sessions, serves its live one to the end, then exits', async () => {
    const { baseUrl, process, exited } = await drainingApi(120);
    const { client } = await registeredClient(baseUrl);
    const { call, caller, next } = await liveSession(baseUrl);
    const waiting = (await answeredCall(baseUrl)).call;

    process.child.kill('SIGTERM');
    const signalledAt = performance.now();
    await waitFor(
      async () => (await new TestClient(baseUrl).get('/api/ready')).status === 503,
      2_000,
      'not ready',
    );
    expect(performance.now() - signalledAt).toBeLessThan(1_000);
    const ready = await new TestClient(baseUrl).get('/api/ready');
    expect(ready.json).toEqual({ status: 'not ready', database: true, redis: true, draining: true });
    expect(ready.headers.get('retry-after')).toBe('5');
    const health = await new TestClient(baseUrl).get('/api/health');
    expect(health.status).toBe(200);
    expect(health.json).toMatchObject({ status: 'ok', draining: true });

    // A new session is refused before its call is claimed: Twilio's retry may open it on another api.
    const refused = await askUpgradeAnswer(relayUrl(baseUrl, waiting));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect((await reloaded(waiting)).relaySessionKey).toBeNull();

    // Everything else is still served, the live call's callbacks above all, and the call goes on.
    expect((await client.get('/api/auth/user')).status).toBe(200);
    expect((await statusCallback(baseUrl, call, 'in-progress')).status).toBe(204);
    await dropAcceptedEvents(call);
    caller.say('Yes, a morning would suit me.');
    const reply = await caller.turn(next);
    expect(reply.text.length).toBeGreaterThan(0);
    expect(caller.closed).toBe(false);

    const endedAt = performance.now();
    caller.close();
    const { code, at } = await exited;
    expect(code).toBe(0);
    // Well before DRAIN_SECONDS: the process goes when its last session does.
    expect(at - endedAt).toBeLessThan(10_000);
    await waitFor(async () => (await reloaded(call)).endedBy, 10_000, 'the call end saved');
    expect((await reloaded(call)).endedBy).toBe('callee');
    const output = process.output();
    expect(output).toMatch(/"relaySessions":1,.*"msg":"api draining"/);
    expect(output).toMatch(/"relaySessionsLeft":0,.*"msg":"api drained"/);
  }, 90_000);

  it('closes a session still open after DRAIN_SECONDS as going away, saves it, and exits', async () => {
    const { baseUrl, process, exited } = await drainingApi(2);
    const { call, caller, next } = await liveSession(baseUrl);
    caller.say('Could you tell me more about the clinic?');
    await caller.turn(next);

    const signalledAt = performance.now();
    process.child.kill('SIGTERM');
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeGreaterThanOrEqual(2_000);
    expect(at - signalledAt).toBeLessThan(12_000);
    await waitFor(() => caller.closed, 5_000, 'the session closed');
    expect(caller.closedWith).toBe(1001);
    // Its turns were saved as it went, and its end when it closed.
    expect((await turnsOf(call.id)).map((turn) => turn.speaker)).toEqual(['agent', 'callee', 'agent']);
    expect(await reloaded(call)).toMatchObject({ endedBy: 'callee', endedReason: 'callee_hangup' });
    expect(process.output()).toMatch(/"relaySessionsLeft":1,.*"msg":"api drained"/);
  }, 90_000);

  it('exits at once with no live session', async () => {
    const { process, exited } = await drainingApi(120);
    const signalledAt = performance.now();
    process.child.kill('SIGTERM');
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(5_000);
    expect(process.output()).toMatch(/"relaySessions":0,.*"msg":"api draining"/);
  }, 60_000);
});
