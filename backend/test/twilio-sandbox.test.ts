import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import type { CallListInstanceCreateOptions } from 'twilio/lib/rest/api/v2010/account/call';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { config } from '../src/config';
import { CallRecord, CallTranscriptTurn, DoNotCallNumber } from '../src/db/models';
import { platformTwilioAccount, twilioClient, type TwilioAccount } from '../src/providers/twilio';
import { startTwilioSandboxPlayer, type TwilioSandboxPlayer } from '@ringcast/sandbox';
import { AREA_CODE_WITHOUT_NUMBERS } from '@ringcast/sandbox/testing';
import { loadCallWithBrief } from '../src/services/agent/agentBrief';
import { welcomeGreeting } from '../src/services/agent/instructions';
import { relayTwiml } from '../src/telephony/relayTwiml';
import { twilioSandboxHost } from '../src/twilioSandboxHost';
import { freePort, spawnApi } from './helpers/processes';
import { answeredCall, newCallSid } from './helpers/relay';
import { startRelayPeer, type PeerScript, type RelayPeer } from './helpers/relayPeer';
import { startTestApi } from './helpers/server';
import { startTwimlServer, type ReceivedRequest, type TwimlServer } from './helpers/twimlServer';
import { savedTwilioAccount, unsavedTwilioAccount } from './helpers/twilioAccounts';

/**
 * The Twilio sandbox through the real `twilio` SDK: REST shapes and errors, numbers, and calls
 * played in simulated time (50 times faster) against a small server playing our side, which
 * checks the signature of everything the sandbox sends it. That server (TwiML, callbacks and the
 * relay peer on one port) is PUBLIC_URL here: the sandbox requests nothing anywhere else.
 */
const SCALE = 50;

let api: Awaited<ReturnType<typeof startTestApi>>;
let app: TwimlServer;
let player: TwilioSandboxPlayer;
let platformNumber: string;
/** Our side of ConversationRelay for the relay tests (the real relay is tested against `api`). */
let peer: RelayPeer;
/** A customer's own account, saved with us (the sandbox serves no other). */
let customer: TwilioAccount;
const publicUrlBefore = config.publicUrl;
const startPlayer = () => startTwilioSandboxPlayer({ host: twilioSandboxHost });

const platform = () => twilioClient(platformTwilioAccount());
/** Customers' accounts saved in this file, by SID: what our side checks their signatures with. */
const savedTokens = new Map<string, string>();
const tokenOf = (sid: string) =>
  sid === platformTwilioAccount().accountSid ? platformTwilioAccount().authToken : savedTokens.get(sid);
/** A customer account saved with us, whose callbacks our side can check. */
async function savedAccount(): Promise<TwilioAccount> {
  const { accountSid, authToken } = await savedTwilioAccount();
  savedTokens.set(accountSid, authToken);
  return { accountSid, authToken };
}

/** 20 words: 8 s of speech at 150 words a minute. */
const SCRIPT =
  'Hello, this is Ava from Ringcast with a reminder about your appointment tomorrow at ten in the morning, see you.';
/** Say 8 s + Gather (prompt 6 words 2.4 s, timeout 5 s) + Say 0.4 s: 15.8 s when no key is pressed. */
const ANSWERING_TWIML = `<Response><Say>${SCRIPT}</Say><Gather numDigits="1" action="/gather" timeout="5"><Say>Press 9 to stop these calls.</Say></Gather><Say>Goodbye.</Say></Response>`;
/** 7 words: 2.8 s, then the call is hung up. */
const GATHER_TWIML = '<Response><Say>You will not be called again. Goodbye now.</Say><Hangup/></Response>';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

async function waitFor<T>(
  find: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  return vi.waitFor(
    async () => (await find()) || Promise.reject(new Error(`timed out waiting for ${what}`)),
    { timeout: timeoutMs, interval: 20 },
  );
}

/** A call's status callbacks in the order they were sent (HTTP requests may arrive out of order, as at Twilio). */
const statusCallbacks = (sid: string) =>
  app.about(sid, '/status').sort((a, b) => Number(a.params.SequenceNumber) - Number(b.params.SequenceNumber));
const finalCallback = (sid: string) =>
  waitFor(
    () =>
      statusCallbacks(sid).find((r) =>
        ['completed', 'busy', 'no-answer', 'failed', 'canceled'].includes(r.params.CallStatus!),
      ),
    `the final callback of ${sid}`,
  );

const placeCall = (to: string, options: Partial<CallListInstanceCreateOptions> = {}) =>
  platform().calls.create({ ...app.callOptions(to, platformNumber), timeLimit: 600, ...options });

const seconds = (r: ReceivedRequest) => Date.parse(r.params.Timestamp!) / 1000;

/** 12 words: 4.8 s of welcome greeting. */
const GREETING = 'Hi, this is Ava, an AI assistant calling for Spring Dental Clinic.';
/** 20 words, offering a key the persona of digit 4 presses. */
const REPLY = 'Thank you, I have made a note of that for the team. If you prefer, press 9 at any time.';
const HANDOFF = JSON.stringify({ reason: 'agent_hangup', outcome: 'interested' });
/** A relay refuses this call's socket. */
const REFUSED_CALL_ID = 13;

/**
 * The peer's agent: it never ends the session of a number ending in 4 (that callee hangs up), says
 * nothing at all to a number ending in 7, ends 5's after its two answers and the others' after
 * their third.
 */
const peerScript = (setup: { to: string }): PeerScript => {
  if (setup.to.endsWith('4')) return { reply: REPLY };
  if (setup.to.endsWith('7')) return { reply: '' };
  return { reply: REPLY, endAfterPrompts: setup.to.endsWith('5') ? 2 : 3, handoffData: HANDOFF };
};

/** The TwiML our app answers for a person, pointing at the app at `baseUrl`. */
function personTwiml(baseUrl: string, call: Parameters<typeof relayTwiml>[0], greeting = GREETING) {
  const publicUrl = config.publicUrl;
  config.publicUrl = baseUrl;
  try {
    return relayTwiml(call, 'female', greeting);
  } finally {
    config.publicUrl = publicUrl;
  }
}

const relayCall = (to: string, id: number) =>
  placeCall(to, {
    url: undefined,
    twiml: personTwiml(peer.baseUrl, { id, campaignId: 7, direction: 'outbound', callSid: newCallSid() }),
  });

beforeAll(async () => {
  config.sandboxTimeScale = SCALE;
  api = await startTestApi({ playTwilioSandboxCalls: false });
  config.sandboxUrl = api.baseUrl;
  process.env.SANDBOX_URL = api.baseUrl;
  customer = await savedAccount();
  player = startPlayer();
  app = await startTwimlServer(tokenOf);
  config.publicUrl = app.baseUrl;
  app.serve('/twiml', ANSWERING_TWIML);
  app.serve('/gather', GATHER_TWIML);
  peer = await startRelayPeer(platformTwilioAccount().authToken, peerScript, [REFUSED_CALL_ID], app);
  platformNumber = (
    await platform().incomingPhoneNumbers.create({ areaCode: '907', voiceUrl: app.url('/inbound') })
  ).phoneNumber;
}, 60_000);

afterAll(async () => {
  await player?.stop();
  await peer?.close();
  await app?.close();
  await api?.close();
  config.publicUrl = publicUrlBefore;
});

describe('Twilio sandbox: accounts and numbers', () => {
  it('fetches the account, and refuses wrong or missing credentials with 20003', async () => {
    const account = await platform().api.v2010.accounts(platformTwilioAccount().accountSid).fetch();
    expect(account).toMatchObject({ sid: platformTwilioAccount().accountSid, status: 'active' });

    const wrongToken = twilioClient({ ...platformTwilioAccount(), authToken: 'f'.repeat(32) });
    const refused = await wrongToken.calls.list({ limit: 1 }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(twilio.RestException);
    expect(refused).toMatchObject({ status: 401, code: 20003 });

    const missing = await fetch(
      `${api.baseUrl}/sandbox/twilio/2010-04-01/Accounts/${platformTwilioAccount().accountSid}/Calls.json`,
    );
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: 20003, status: 401, more_info: expect.any(String) });
  });

  it('serves a customer account saved with us, with its token only', async () => {
    const own = customer;
    expect((await twilioClient(own).api.v2010.accounts(own.accountSid).fetch()).sid).toBe(own.accountSid);
    const other = twilioClient({ ...own, authToken: unsavedTwilioAccount().authToken });
    await expect(other.api.v2010.accounts(own.accountSid).fetch()).rejects.toMatchObject({ code: 20003 });
    const malformed = twilioClient({ ...unsavedTwilioAccount(), accountSid: `AC${'z'.repeat(32)}` });
    await expect(malformed.calls.list({ limit: 1 })).rejects.toMatchObject({ code: 20003 });
  });

  it('refuses an account nobody saved with 401 before anything else, whatever it asks', async () => {
    // Before, any well-formed SID and token became an account on first use.
    const stranger = unsavedTwilioAccount();
    const client = twilioClient(stranger);
    await expect(client.api.v2010.accounts(stranger.accountSid).fetch()).rejects.toMatchObject({
      status: 401,
      code: 20003,
    });
    await expect(client.incomingPhoneNumbers.create({ areaCode: '617' })).rejects.toMatchObject({
      status: 401,
    });
    // Not validated, not looked up, not even routed: an invalid call, a missing call, an unknown path.
    const base = `${api.baseUrl}/sandbox/twilio/2010-04-01/Accounts/${stranger.accountSid}`;
    const auth = `Basic ${Buffer.from(`${stranger.accountSid}:${stranger.authToken}`).toString('base64')}`;
    const asked = await Promise.all(
      [
        [`${base}/Calls.json`, 'POST', 'To=nope'],
        [`${base}/Calls/CA${'0'.repeat(32)}.json`, 'GET'],
        [`${base}/Nothing/Here.json`, 'GET'],
        [`${api.baseUrl}/sandbox/twilio/2010-04-01/Accounts.json`, 'GET'],
        [`${api.baseUrl}/sandbox/twilio/2010-04-01`, 'GET'],
      ].map(([url, method, body]) =>
        fetch(url!, {
          method,
          headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
        }),
      ),
    );
    expect(asked.map((res) => res.status)).toEqual([401, 401, 401, 401, 401]);
    expect(await asked[0]!.json()).toMatchObject({ code: 20003, status: 401 });
    // The platform's own credentials on a path it has no route for: known, so 404.
    const platformAuth = `Basic ${Buffer.from(`${platformTwilioAccount().accountSid}:${platformTwilioAccount().authToken}`).toString('base64')}`;
    const unknownPath = await fetch(
      `${api.baseUrl}/sandbox/twilio/2010-04-01/Accounts/${platformTwilioAccount().accountSid}/Nothing.json`,
      { headers: { Authorization: platformAuth } },
    );
    expect(unknownPath.status).toBe(404);
  });

  it('lists the same available numbers for an area code, none for the empty one, and refuses a bad code', async () => {
    const numbers = await platform().availablePhoneNumbers('US').local.list({ areaCode: 512, limit: 5 });
    expect(numbers.map((n) => n.phoneNumber)).toEqual([
      '+15125550100',
      '+15125550101',
      '+15125550102',
      '+15125550103',
      '+15125550104',
    ]);
    expect(numbers[0]).toMatchObject({ isoCountry: 'US', capabilities: { voice: true } });
    expect(
      await platform()
        .availablePhoneNumbers('US')
        .local.list({ areaCode: Number(AREA_CODE_WITHOUT_NUMBERS) }),
    ).toEqual([]);
    await expect(platform().availablePhoneNumbers('US').local.list({ areaCode: 123 })).rejects.toMatchObject({
      code: 21451,
    });
  });

  it('buys a number once, lists it, and has none to sell in the empty area code', async () => {
    const [available] = await platform().availablePhoneNumbers('US').local.list({ areaCode: 617, limit: 1 });
    const bought = await platform().incomingPhoneNumbers.create({
      phoneNumber: available!.phoneNumber,
      voiceUrl: app.url('/inbound'),
    });
    expect(bought).toMatchObject({ phoneNumber: '+16175550100', voiceUrl: app.url('/inbound') });
    expect(bought.sid).toMatch(/^PN[0-9a-f]{32}$/);
    const listed = await platform().incomingPhoneNumbers.list({ phoneNumber: bought.phoneNumber });
    expect(listed.map((n) => n.sid)).toEqual([bought.sid]);
    const next = await platform().availablePhoneNumbers('US').local.list({ areaCode: 617, limit: 1 });
    expect(next[0]!.phoneNumber).toBe('+16175550101');
    const named = await platform().incomingPhoneNumbers.create({
      areaCode: '617',
      friendlyName: 'Campaign 7',
    });
    expect(
      (await platform().incomingPhoneNumbers.list({ friendlyName: 'Campaign 7' })).map((n) => n.sid),
    ).toEqual([named.sid]);
    expect(await platform().incomingPhoneNumbers.list({ friendlyName: 'Campaign 8' })).toEqual([]);

    await expect(
      twilioClient(customer).incomingPhoneNumbers.create({ phoneNumber: bought.phoneNumber }),
    ).rejects.toMatchObject({ code: 21422 });
    await expect(
      platform().incomingPhoneNumbers.create({ areaCode: AREA_CODE_WITHOUT_NUMBERS }),
    ).rejects.toMatchObject({ code: 21452 });
  });

  it("treats a customer's own number as owned unless it ends in 0000; the platform owns only what it bought", async () => {
    const own = await twilioClient(customer).incomingPhoneNumbers.list({ phoneNumber: '+14155551234' });
    expect(own.map((n) => n.phoneNumber)).toEqual(['+14155551234']);
    expect(await twilioClient(customer).incomingPhoneNumbers.list({ phoneNumber: '+14155550000' })).toEqual(
      [],
    );
    expect(await platform().incomingPhoneNumbers.list({ phoneNumber: '+14155551234' })).toEqual([]);
  });

  it('refuses a call from a number the account does not own (21210) and a bad To (21211)', async () => {
    await expect(placeCall('+12125550106', { from: '+14155551234' })).rejects.toMatchObject({ code: 21210 });
    await expect(placeCall('12345')).rejects.toMatchObject({ code: 21211 });
    await expect(placeCall('+12125550106', { statusCallbackEvent: ['rang'] })).rejects.toMatchObject({
      code: 21626,
    });
  });
});

/** An address inside our network that must never hear from the sandbox: it records what reaches it. */
async function startBystander() {
  const heard: string[] = [];
  const server = http.createServer((req, res) => {
    heard.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'Content-Type': 'text/xml' }).end('<Response><Hangup/></Response>');
  });
  server.on('upgrade', (req, socket) => {
    heard.push(`upgrade ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    heard,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Twilio sandbox: only our app is requested, and only its own numbers are called from', () => {
  let bystander: Awaited<ReturnType<typeof startBystander>>;
  beforeAll(async () => {
    bystander = await startBystander();
  });
  afterAll(async () => {
    await bystander?.close();
  });

  it('refuses a Url, StatusCallback or AsyncAmdStatusCallback outside PUBLIC_URL with 400 and requests none', async () => {
    const own = twilioClient(customer);
    const call = (options: Partial<CallListInstanceCreateOptions>) =>
      own.calls.create({ ...app.callOptions('+12125550406', '+14155551234'), ...options });
    const internal = `${bystander.baseUrl}/internal-admin?x=1`;
    await expect(call({ url: internal })).rejects.toMatchObject({ status: 400, code: 21205 });
    await expect(call({ statusCallback: `${bystander.baseUrl}/status-cb` })).rejects.toMatchObject({
      status: 400,
      code: 21609,
    });
    await expect(call({ asyncAmdStatusCallback: `${bystander.baseUrl}/amd` })).rejects.toMatchObject({
      status: 400,
      code: 21609,
    });
    // Same host, another port; and another path than PUBLIC_URL's own is fine only below it.
    const otherPort = app.baseUrl.replace(/:\d+$/, `:${new URL(bystander.baseUrl).port}`);
    await expect(call({ url: `${otherPort}/twiml` })).rejects.toMatchObject({ code: 21205 });
    // A number's webhooks too, when bought or changed.
    await expect(
      platform().incomingPhoneNumbers.create({ areaCode: '617', voiceUrl: internal }),
    ).rejects.toMatchObject({ status: 400, code: 21205 });
    const [number] = await platform().incomingPhoneNumbers.list({ phoneNumber: platformNumber });
    await expect(
      platform()
        .incomingPhoneNumbers(number!.sid)
        .update({ statusCallback: `${bystander.baseUrl}/x` }),
    ).rejects.toMatchObject({ status: 400, code: 21609 });
    // And a live call's new Url.
    app.serve('/twiml/long', `<Response><Say>${words(150)}</Say></Response>`);
    const live = await call({ url: app.url('/twiml/long') });
    await expect(own.calls(live.sid).update({ url: internal })).rejects.toMatchObject({ code: 21205 });
    await own.calls(live.sid).update({ status: 'completed' });
    await finalCallback(live.sid);
    expect(bystander.heard).toEqual([]);
  });

  it('requests no TwiML URL outside PUBLIC_URL and opens no relay socket elsewhere: the call just ends', async () => {
    const redirected = await placeCall('+12125550416', {
      url: undefined,
      twiml: `<Response><Redirect>${bystander.baseUrl}/internal-admin</Redirect></Response>`,
    });
    const elsewhere = await placeCall('+12125550426', {
      url: undefined,
      twiml: `<Response><Connect action="${app.url('/webhooks/twilio/calls/63/relay-ended')}"><ConversationRelay url="${bystander.baseUrl.replace('http', 'ws')}/relay/63" welcomeGreeting="Hello."/></Connect></Response>`,
    });
    expect((await finalCallback(redirected.sid)).params.CallStatus).toBe('completed');
    expect((await finalCallback(elsewhere.sid)).params.CallStatus).toBe('completed');
    // The relay refused to open counts as a failed session, reported to our own <Connect action>.
    expect(peer.actions.find((a) => a.callId === 63)?.params).toMatchObject({
      SessionStatus: 'failed',
      ErrorMessage: expect.stringMatching(/PUBLIC_URL/),
    });
    expect(bystander.heard).toEqual([]);
  });

  it("refuses a call From a number another account bought (21210), and does not list it as the customer's", async () => {
    const own = twilioClient(customer);
    // The platform's campaign number: before, any customer account could call from it.
    await expect(
      own.calls.create({ ...app.callOptions('+12125550436', platformNumber) }),
    ).rejects.toMatchObject({ status: 400, code: 21210 });
    expect(await own.incomingPhoneNumbers.list({ phoneNumber: platformNumber })).toEqual([]);
    // Another customer's bought number, the same.
    const other = await savedAccount();
    const [available] = await platform().availablePhoneNumbers('US').local.list({ areaCode: 503, limit: 1 });
    const theirs = await twilioClient(other).incomingPhoneNumbers.create({
      phoneNumber: available!.phoneNumber,
    });
    await expect(
      own.calls.create({ ...app.callOptions('+12125550446', theirs.phoneNumber) }),
    ).rejects.toMatchObject({ code: 21210 });
    // Its owner calls from it.
    const placed = await twilioClient(other).calls.create({
      ...app.callOptions('+12125550450', theirs.phoneNumber),
    });
    expect((await finalCallback(placed.sid)).signatureValid).toBe(true);
  });
});

describe('Twilio sandbox: playing calls', () => {
  it('plays each last digit as its persona, with signed callbacks in sequence and durations in simulated seconds', async () => {
    const started = Date.now();
    const calls = await Promise.all(
      Array.from({ length: 10 }, (_, digit) => placeCall(`+1212555010${digit}`)),
    );
    expect(calls.map((c) => c.status)).toEqual(Array(10).fill('queued'));
    const finals = await Promise.all(calls.map((c) => finalCallback(c.sid)));
    const wallSeconds = (Date.now() - started) / 1000;

    const events = (sid: string) => statusCallbacks(sid).map((r) => r.params.CallStatus);
    const durationOf = (digit: number) => Number(finals[digit]!.params.CallDuration);
    for (const [digit, call] of calls.entries()) {
      const callbacks = statusCallbacks(call.sid);
      // Every callback is signed by the account and numbered from 0 in the order the events happened.
      expect(callbacks.every((r) => r.signatureValid)).toBe(true);
      expect(callbacks.map((r) => r.params.SequenceNumber)).toEqual(callbacks.map((_, i) => String(i)));
      expect(callbacks[0]!.params).toMatchObject({
        CallSid: call.sid,
        AccountSid: platformTwilioAccount().accountSid,
        From: platformNumber,
        To: `+1212555010${digit}`,
        Direction: 'outbound-api',
        ApiVersion: '2010-04-01',
        CallbackSource: 'call-progress-events',
      });
      // initiated -> ringing takes 1 simulated second.
      expect(seconds(callbacks[1]!) - seconds(callbacks[0]!)).toBe(1);
    }

    expect(events(calls[0]!.sid)).toEqual(['initiated', 'ringing', 'busy']);
    expect(finals[0]!.params).toMatchObject({ CallDuration: '0', SipResponseCode: '486' });
    expect(events(calls[1]!.sid)).toEqual(['initiated', 'ringing', 'no-answer']);
    expect(finals[1]!.params).toMatchObject({ CallDuration: '0', SipResponseCode: '487' });
    // No answer: it rang for the whole 25 s Timeout.
    expect(seconds(finals[1]!) - seconds(statusCallbacks(calls[1]!.sid)[1]!)).toBe(25);
    expect(events(calls[3]!.sid)).toEqual(['initiated', 'ringing', 'failed']);
    expect(finals[3]!.params).toMatchObject({ CallDuration: '0', SipResponseCode: '404' });
    for (const digit of [0, 1, 3]) {
      expect(finals[digit]!.params.Duration).toBeUndefined();
      expect(app.about(calls[digit]!.sid, '/twiml')).toEqual([]);
      expect(app.about(calls[digit]!.sid, '/amd')).toEqual([]);
    }

    for (const digit of [2, 4, 5, 6, 7, 8, 9]) {
      const sid = calls[digit]!.sid;
      expect(events(sid)).toEqual(['initiated', 'ringing', 'in-progress', 'completed']);
      expect(finals[digit]!.params).toMatchObject({ SipResponseCode: '200', Duration: '1' });
      expect(app.about(sid, '/twiml')).toHaveLength(1);
      expect(app.about(sid, '/twiml')[0]!.signatureValid).toBe(true);
      const [amd] = app.about(sid, '/amd');
      expect(amd?.signatureValid).toBe(true);
      expect(amd?.params).toMatchObject(
        digit === 2
          ? { AnsweredBy: 'machine_end_beep', MachineDetectionDuration: '3000' }
          : { AnsweredBy: 'human', MachineDetectionDuration: '2000' },
      );
      // From answer to hang-up, in simulated seconds.
      const answered = statusCallbacks(sid)[2]!;
      // (Timestamps carry whole seconds, CallDuration is rounded up.)
      expect(Math.abs(seconds(finals[digit]!) - seconds(answered) - durationOf(digit))).toBeLessThanOrEqual(
        1,
      );
    }
    // The machine and the listeners hear everything (15.8 s); 4 presses 9 and hears the goodbye
    // (8 + 2.4 + 1 + 2.8 s); 5 hangs up after 5 s.
    expect([2, 6, 7, 8, 9].map(durationOf)).toEqual([16, 16, 16, 16, 16]);
    expect(durationOf(4)).toBe(15);
    // (A second later when our TwiML is slow to come: they wait to hear whether it is a recording.)
    expect([5, 6]).toContain(durationOf(5));
    const gathered = app.about(calls[4]!.sid, '/gather');
    expect(gathered).toHaveLength(1);
    expect(gathered[0]).toMatchObject({
      signatureValid: true,
      params: { Digits: '9', CallStatus: 'in-progress' },
    });
    for (const digit of [2, 5, 6]) expect(app.about(calls[digit]!.sid, '/gather')).toEqual([]);

    // The calls lasted 28 simulated seconds at most, and took far less wall time.
    expect(wallSeconds).toBeLessThan(15);

    const fetched = await Promise.all(calls.map((c) => platform().calls(c.sid).fetch()));
    expect(fetched.map((c) => c.status)).toEqual([
      'busy',
      'no-answer',
      'completed',
      'failed',
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
    expect(fetched[2]).toMatchObject({
      answeredBy: 'machine_end_beep',
      duration: '16',
      price: '-0.01400',
      priceUnit: 'USD',
    });
    expect(fetched[6]).toMatchObject({ answeredBy: 'human', duration: '16', price: '-0.01400' });
    expect(fetched[0]).toMatchObject({ answeredBy: null, duration: null, price: null });
    // Start (dialed) to end: 1 s to ring + 5 s of ringing + 16 s of talk, in simulated time.
    const dialedToEnd = (fetched[6]!.endTime.getTime() - fetched[6]!.startTime.getTime()) / 1000;
    expect([21, 22]).toContain(dialedToEnd);
  });

  it('holds the TwiML until synchronous AMD has decided, and sends AnsweredBy with it', async () => {
    const call = await placeCall('+12125550112', { asyncAmd: 'false', asyncAmdStatusCallback: undefined });
    await finalCallback(call.sid);
    const [twimlRequest] = app.about(call.sid, '/twiml');
    expect(twimlRequest?.params.AnsweredBy).toBe('machine_end_beep');
    expect(app.about(call.sid, '/amd')).toEqual([]);
  });

  it('hangs up a live call on Status=completed and cancels a ringing one on Status=canceled', async () => {
    app.serve('/twiml/long', `<Response><Say>${words(150)}</Say></Response>`);
    const live = await placeCall('+12125550116', { url: app.url('/twiml/long') });
    // Nobody answers a number ending in 1: it rings until its Timeout.
    const ringing = await placeCall('+12125550121', { url: app.url('/twiml/long'), timeout: 600 });
    await waitFor(
      () => statusCallbacks(live.sid).some((r) => r.params.CallStatus === 'in-progress'),
      'an answer',
    );
    const ended = await platform().calls(live.sid).update({ status: 'completed' });
    expect(ended.status).toBe('completed');
    const final = await finalCallback(live.sid);
    // It was hung up long before the 60 s of speech ended.
    expect(Number(final.params.CallDuration)).toBeLessThan(50);

    await waitFor(
      () => statusCallbacks(ringing.sid).some((r) => r.params.CallStatus === 'ringing'),
      'ringing',
    );
    // canceled leaves a live call alone, but ends one that is still ringing.
    expect((await platform().calls(ringing.sid).update({ status: 'canceled' })).status).toBe('canceled');
    expect((await finalCallback(ringing.sid)).params).toMatchObject({
      CallStatus: 'canceled',
      CallDuration: '0',
    });
  });

  it('replaces what a live call plays with the TwiML of an update', async () => {
    app.serve('/twiml/long', `<Response><Say>${words(150)}</Say></Response>`);
    app.serve('/after-switch', '<Response><Say>Switched.</Say></Response>');
    const call = await placeCall('+12125550118', { url: app.url('/twiml/long') });
    await waitFor(
      () => statusCallbacks(call.sid).some((r) => r.params.CallStatus === 'in-progress'),
      'an answer',
    );
    await platform()
      .calls(call.sid)
      .update({
        twiml: `<Response><Pause length="2"/><Redirect>${app.url('/after-switch')}</Redirect></Response>`,
      });
    const final = await finalCallback(call.sid);
    expect(app.about(call.sid, '/after-switch')).toHaveLength(1);
    expect(Number(final.params.CallDuration)).toBeLessThan(50);
    // An ended call cannot be redirected.
    await expect(
      platform().calls(call.sid).update({ twiml: '<Response><Hangup/></Response>' }),
    ).rejects.toMatchObject({
      code: 21220,
    });
  });

  it("lists calls by To and start time, and finds no other account's calls", async () => {
    const to = '+13125550139';
    const before = new Date(Date.now() - 60_000);
    const first = await placeCall(to);
    const second = await placeCall(to);
    await Promise.all([finalCallback(first.sid), finalCallback(second.sid)]);
    const listed = await platform().calls.list({ to, startTimeAfter: before });
    expect(listed.map((c) => c.sid)).toEqual([second.sid, first.sid]);
    expect(await platform().calls.list({ to, startTimeAfter: new Date(Date.now() + 3_600_000) })).toEqual([]);
    expect(await platform().calls.list({ to, status: 'busy' })).toEqual([]);
    expect(await twilioClient(customer).calls.list({ to })).toEqual([]);
    await expect(twilioClient(customer).calls(first.sid).fetch()).rejects.toMatchObject({
      code: 20404,
      status: 404,
    });
  });

  it('lists the calls that ended in a time range, with their prices, page by page', async () => {
    const before = new Date(Date.now() - 60_000);
    const [person, other, busy] = await Promise.all(
      ['+13125550146', '+13125550147', '+13125550140'].map((to) => placeCall(to)),
    );
    const finals = await Promise.all([person, other, busy].map((c) => finalCallback(c.sid)));
    const lastEnd = Math.max(...finals.map((f) => Date.parse(f.params.Timestamp!)));
    const ended = (range: { endTimeAfter?: Date; endTimeBefore?: Date }, pageSize = 1000) =>
      platform().calls.list({ status: 'completed', pageSize, ...range });

    // Other tests' calls on the account are listed too, ending at any simulated time: only this
    // test's are looked for.
    const ours = <C extends { sid: string }>(calls: C[]) =>
      calls.filter((c) => [person.sid, other.sid, busy.sid].includes(c.sid));
    // (Page by page: one call a page.)
    const listed = await ended({ endTimeAfter: before, endTimeBefore: new Date(lastEnd + 1_000) }, 1);
    const mine = ours(listed);
    expect(mine.map((c) => c.sid).sort()).toEqual([person.sid, other.sid].sort());
    expect(mine.map((c) => c.price)).toEqual(['-0.01400', '-0.01400']);
    expect(listed.every((c) => c.status === 'completed' && c.endTime.getTime() <= lastEnd + 1_000)).toBe(
      true,
    );
    expect(ours(await ended({ endTimeBefore: before }))).toEqual([]);
    expect(ours(await ended({ endTimeAfter: new Date(lastEnd + 3_600_000) }))).toEqual([]);
    const all = await platform().calls.list({ endTimeAfter: before });
    expect(all.map((c) => c.sid)).toContain(busy.sid);
  });

  it("signs a customer account's callbacks with that account's token", async () => {
    const own = twilioClient(customer);
    const call = await own.calls.create({
      to: '+12125550119',
      from: '+14155551234',
      twiml: '<Response><Say>Hi there.</Say></Response>',
      statusCallback: app.url('/status'),
    });
    const final = await finalCallback(call.sid);
    expect(final).toMatchObject({
      signatureValid: true,
      params: { AccountSid: customer.accountSid, SequenceNumber: '0' },
    });
    expect(final.params.CallDuration).toBe('1');
  });
});

describe('Twilio sandbox: ConversationRelay', () => {
  it('opens the relay signed, sends setup with the <Parameter>s, speaks each persona, and posts the end to <Connect action>', async () => {
    const [removal, booker, interrupter, waiter] = await Promise.all([
      relayCall('+12125550204', 41),
      relayCall('+12125550206', 61),
      relayCall('+12125550209', 91),
      relayCall('+12125550207', 71),
    ]);
    const finals = await Promise.all([removal, booker, interrupter, waiter].map((c) => finalCallback(c.sid)));
    expect(finals.map((f) => f.params.CallStatus)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
    ]);

    for (const [callId, call] of [
      [41, removal],
      [61, booker],
      [91, interrupter],
    ] as const) {
      const session = peer.session(callId)!;
      expect(session.signatureValid).toBe(true);
      expect(session.frames[0]).toEqual({
        type: 'setup',
        sessionId: expect.stringMatching(/^VX[0-9a-f]{32}$/),
        accountSid: platformTwilioAccount().accountSid,
        parentCallSid: '',
        callSid: call!.sid,
        from: platformNumber,
        to: call!.to,
        forwardedFrom: '',
        callerName: '',
        direction: 'outbound-api',
        callType: 'PSTN',
        callStatus: 'RINGING',
        customParameters: { callId: String(callId), campaignId: '7', direction: 'outbound' },
      });
      expect(
        session.frames
          .filter((f) => f.type === 'prompt')
          .every((f) => f.type === 'prompt' && f.lang === 'en-US' && f.last),
      ).toBe(true);
    }

    // 4 asks to be removed by voice, presses the 9 it is offered, and hangs up when the agent talks on.
    const removed = peer.session(41)!;
    expect(removed.prompts()).toEqual([
      'Who is this?',
      'Please stop calling me. Take me off your list.',
      'I asked you to stop calling me. Goodbye.',
    ]);
    expect(removed.frames.filter((f) => f.type === 'dtmf')).toEqual([{ type: 'dtmf', digit: '9' }]);
    await waitFor(() => removed.closedWith === 1000, 'the callee to hang up the socket');
    expect(peer.actions.filter((a) => a.callId === 41)).toEqual([]);

    // 7 hears nothing back after its first answer and hangs up after 30 s of silence.
    const waited = peer.session(71)!;
    expect(waited.prompts()).toEqual(['Hello. What exactly do you offer?']);
    expect(waited.closedWith).toBe(1000);
    expect(peer.actions.filter((a) => a.callId === 71)).toEqual([]);
    // Greeting 4.8 s, a pause to think, 6 words 2.4 s, then the silence (plus the handshake's
    // wall milliseconds, 50 times longer in simulated time: a busy machine adds several seconds).
    const silentCall = Number(finals[3]!.params.CallDuration);
    expect(silentCall).toBeGreaterThanOrEqual(38);
    expect(silentCall).toBeLessThan(90);

    // 6 books; the agent ends after the third answer, and Twilio asks <Connect action> what next.
    expect(peer.session(61)!.prompts()).toEqual([
      "I'm doing well, thanks. What is this about?",
      'That sounds good, tell me more.',
      'Yes, tomorrow at ten works for me.',
    ]);

    // 9 talks over the agent's first reply after three words, then carries on.
    const interrupted = peer.session(91)!;
    const barge = interrupted.frames.findIndex((f) => f.type === 'interrupt');
    const cut = interrupted.frames[barge];
    expect(cut).toMatchObject({ type: 'interrupt', utteranceUntilInterrupt: 'Thank you, I' });
    // Three words at 150 a minute; Twilio sends it as a number or a string.
    expect(Number((cut as { durationUntilInterruptMs: number | string }).durationUntilInterruptMs)).toBe(
      1200,
    );
    expect(interrupted.frames[barge + 1]).toEqual({
      type: 'prompt',
      voicePrompt: "Sorry to cut in, who did you say you're calling for?",
      lang: 'en-US',
      last: true,
    });
    expect(interrupted.prompts()).toHaveLength(3);

    for (const [callId, call, final] of [
      [61, booker, finals[1]],
      [91, interrupter, finals[2]],
    ] as const) {
      const [action] = await waitFor(
        () =>
          peer.actions.filter((a) => a.callId === callId).length > 0 &&
          peer.actions.filter((a) => a.callId === callId),
        `the <Connect action> of ${callId}`,
      );
      expect(action!.signatureValid).toBe(true);
      expect(action!.params).toMatchObject({
        CallSid: call!.sid,
        CallStatus: 'in-progress',
        SessionId: peer.session(callId)!.setup()!.sessionId,
        SessionStatus: 'completed',
        HandoffData: HANDOFF,
      });
      const sessionSeconds = Number(action!.params.SessionDuration);
      // A greeting, three answers and three replies take well over 20 simulated seconds.
      expect(sessionSeconds).toBeGreaterThan(20);
      expect(Number(final!.params.CallDuration)).toBeGreaterThanOrEqual(sessionSeconds);
      await waitFor(() => peer.session(callId)!.closedWith !== null, 'the socket closed after end');
    }
  });

  it('ends the session as failed when the relay refuses the socket, and goes on to <Connect action>', async () => {
    const call = await relayCall('+12125550216', REFUSED_CALL_ID);
    const final = await finalCallback(call.sid);
    expect(final.params.CallStatus).toBe('completed');
    const [action] = peer.actions.filter((a) => a.callId === REFUSED_CALL_ID);
    expect(action).toMatchObject({
      signatureValid: true,
      params: { SessionStatus: 'failed', ErrorMessage: expect.stringMatching(/401/) },
    });
    // Only the refused handshake's own time went by.
    expect(Number(action!.params.SessionDuration)).toBeLessThanOrEqual(2);
    expect(peer.session(REFUSED_CALL_ID)).toBeUndefined();
  });

  it('sends a partial prompt half-way through each answer when the TwiML asks for partials', async () => {
    const call = await placeCall('+12125550226', {
      url: undefined,
      twiml: `<Response><Connect action="${peer.baseUrl}/webhooks/twilio/calls/62/relay-ended"><ConversationRelay url="${peer.baseUrl.replace('http', 'ws')}/relay/62" welcomeGreeting="Hello there." partialPrompts="true"/></Connect></Response>`,
    });
    await finalCallback(call.sid);
    const prompts = peer.session(62)!.frames.filter((f) => f.type === 'prompt');
    expect(prompts.slice(0, 2)).toEqual([
      { type: 'prompt', voicePrompt: "I'm doing well, thanks.", lang: 'en-US', last: false },
      {
        type: 'prompt',
        voicePrompt: "I'm doing well, thanks. What is this about?",
        lang: 'en-US',
        last: true,
      },
    ]);
    expect(prompts.map((p) => p.type === 'prompt' && p.last)).toEqual([
      false,
      true,
      false,
      true,
      false,
      true,
    ]);
    expect(peer.actions.find((a) => a.callId === 62)?.params.SessionStatus).toBe('completed');
  });

  it('cuts its sessions off when its player stops, and the call completes', async () => {
    const call = await relayCall('+12125550227', 72);
    await waitFor(() => peer.session(72)?.setup(), 'the session to open');
    await player.stop();
    // Stopped, the player has ended the call; the next player delivers its final callback.
    expect((await platform().calls(call.sid).fetch()).status).toBe('completed');
    player = startPlayer();
    expect((await finalCallback(call.sid)).params.CallStatus).toBe('completed');
    await waitFor(() => peer.session(72)!.closedWith === 1001, 'the socket closed as going away');
  });
});

describe('Twilio sandbox: a relay session follows its call', () => {
  it('closes the socket as soon as the call is hung up through the REST API, from any process', async () => {
    // 7 hears nothing from the peer and would hang up itself only after 30 s of silence.
    const call = await relayCall('+12125550237', 74);
    await waitFor(() => peer.session(74)?.setup(), 'the session to open');
    await platform().calls(call.sid).update({ status: 'completed' });
    await waitFor(() => peer.session(74)!.closedWith !== null, 'the socket to close');
    expect(peer.session(74)).toMatchObject({ closedWith: 1000, closeReason: 'call ended' });
    expect((await finalCallback(call.sid)).params.CallStatus).toBe('completed');
  });
});

describe('Twilio sandbox: personas talking with our agent', () => {
  it('4 is put on the do-not-call list and 6 books, with every turn stored in order', async () => {
    // Our real api is PUBLIC_URL for this test: its relay is the only one the sandbox opens.
    config.publicUrl = api.baseUrl;
    onTestFinished(() => {
      config.publicUrl = app.baseUrl;
    });
    const [removal, booker] = await Promise.all(
      ['+12125550304', '+12125550306'].map((to) => answeredCall(api.baseUrl, to)),
    );
    const calls = await Promise.all(
      [removal!, booker!].map(async ({ call }) =>
        placeCall(call.toNumber, {
          url: undefined,
          // The relay token names the CallSid the call's row holds, as the answering TwiML's would.
          twiml: personTwiml(
            api.baseUrl,
            { ...call.get(), callSid: call.providerCallSid! },
            welcomeGreeting((await loadCallWithBrief(call.id))!.brief),
          ),
          statusCallback: undefined,
          asyncAmdStatusCallback: undefined,
          asyncAmd: 'false',
        }),
      ),
    );
    await Promise.all(
      calls.map((c) =>
        waitFor(
          async () => (await platform().calls(c.sid).fetch()).status === 'completed',
          `${c.sid} to complete`,
        ),
      ),
    );

    const outcomes = async () =>
      Promise.all([removal!, booker!].map(async ({ call }) => (await CallRecord.findByPk(call.id))!.outcome));
    await waitFor(async () => (await outcomes()).every(Boolean), 'both outcomes');
    expect(await outcomes()).toEqual(['do_not_call', 'appointment_booked']);
    expect(
      await DoNotCallNumber.findOne({ where: { userId: removal!.user.id, phoneNumber: '+12125550304' } }),
    ).toMatchObject({ source: 'agent', callRecordId: removal!.call.id });

    const turns = await CallTranscriptTurn.findAll({
      where: { callRecordId: booker!.call.id },
      order: [['seq', 'ASC']],
    });
    expect(turns.map((t) => t.speaker)).toEqual([
      'agent',
      'callee',
      'agent',
      'callee',
      'agent',
      'callee',
      'agent',
    ]);
    expect(turns.map((t) => t.seq)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(turns[0]!.text).toBe(
      'Hi, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic.',
    );
    expect(turns.filter((t) => t.speaker === 'callee').map((t) => t.text)).toEqual([
      "I'm doing well, thanks. What is this about?",
      'That sounds good, tell me more.',
      'Yes, tomorrow at ten works for me.',
    ]);
    expect(turns[6]!.text).toMatch(/all set for tomorrow at 10 AM/);
    expect(turns.map((t) => t.offsetMs)).toEqual([...turns.map((t) => t.offsetMs)].sort((a, b) => a - b));
  });
});

describe('Twilio sandbox: players share the work', () => {
  it('finishes calls whose api process was killed mid-call, a relay session lost with it too', async () => {
    app.serve('/twiml/long', `<Response><Say>${words(100)}</Say></Response>`);
    await player.stop();
    // It plays our side's calls, at our side's address.
    const other = await spawnApi(await freePort(), { PUBLIC_URL: app.baseUrl });
    let killed = false;
    try {
      const calls = await Promise.all(
        ['+12125550126', '+12125550127', '+12125550128'].map((to) =>
          placeCall(to, { url: app.url('/twiml/long') }),
        ),
      );
      // Its agent says nothing, so the callee is still waiting when the process dies.
      const conversation = await relayCall('+12125550237', 73);
      // The other process plays them (this one has no player now) until it is killed mid-call.
      await waitFor(
        () => calls.every((c) => statusCallbacks(c.sid).some((r) => r.params.CallStatus === 'in-progress')),
        'every call answered',
      );
      await waitFor(() => peer.session(73)?.prompts().length, 'the callee to speak on the relay');
      other.child.kill('SIGKILL');
      killed = true;
      expect(calls.every((c) => app.about(c.sid, '/status').length === 3)).toBe(true);

      player = startPlayer();
      const finals = await Promise.all(calls.map((c) => finalCallback(c.sid)));
      for (const [i, call] of calls.entries()) {
        // A callback whose delivery was under way at the kill may come twice, as Twilio's may: the
        // sequence numbers tell them apart.
        const callbacks = [
          ...new Map(statusCallbacks(call.sid).map((r) => [r.params.SequenceNumber, r])).values(),
        ];
        expect(callbacks.map((r) => r.params.CallStatus)).toEqual([
          'initiated',
          'ringing',
          'in-progress',
          'completed',
        ]);
        expect(callbacks.map((r) => r.params.SequenceNumber)).toEqual(['0', '1', '2', '3']);
        // 100 words is 40 s of speech, whatever happened to the process playing it.
        expect(finals[i]!.params.CallDuration).toBe('40');
      }
      // The socket died with its process; the player that takes the step over ends the call
      // rather than open a second session.
      expect((await finalCallback(conversation.sid)).params.CallStatus).toBe('completed');
      expect(peer.sessions.filter((s) => s.callId === 73)).toHaveLength(1);
      expect(peer.session(73)!.closedWith).toBe(1006);
    } finally {
      if (!killed) await other.stop();
    }
  }, 60_000);
});
