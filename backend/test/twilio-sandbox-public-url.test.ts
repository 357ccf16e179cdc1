import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallListInstanceCreateOptions } from 'twilio/lib/rest/api/v2010/account/call';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioClient } from '../src/providers/twilio';
import { platform, useTwilioSandbox, words } from './helpers/twilioSandbox';

/**
 * The Twilio sandbox requests only PUBLIC_URL (our side's server here), and calls only from the
 * numbers an account owns.
 */
const sandbox = useTwilioSandbox();
const { finalCallback, placeCall, savedAccount } = sandbox;

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
    const own = twilioClient(sandbox.customer);
    const call = (options: Partial<CallListInstanceCreateOptions>) =>
      own.calls.create({ ...sandbox.app.callOptions('+12125550406', '+14155551234'), ...options });
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
    const otherPort = sandbox.app.baseUrl.replace(/:\d+$/, `:${new URL(bystander.baseUrl).port}`);
    await expect(call({ url: `${otherPort}/twiml` })).rejects.toMatchObject({ code: 21205 });
    // A number's webhooks too, when bought or changed.
    await expect(
      platform().incomingPhoneNumbers.create({ areaCode: '617', voiceUrl: internal }),
    ).rejects.toMatchObject({ status: 400, code: 21205 });
    const [number] = await platform().incomingPhoneNumbers.list({ phoneNumber: sandbox.platformNumber });
    await expect(
      platform()
        .incomingPhoneNumbers(number!.sid)
        .update({ statusCallback: `${bystander.baseUrl}/x` }),
    ).rejects.toMatchObject({ status: 400, code: 21609 });
    // And a live call's new Url.
    sandbox.app.serve('/twiml/long', `<Response><Say>${words(150)}</Say></Response>`);
    const live = await call({ url: sandbox.app.url('/twiml/long') });
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
      twiml: `<Response><Connect action="${sandbox.app.url('/webhooks/twilio/calls/63/relay-ended')}"><ConversationRelay url="${bystander.baseUrl.replace('http', 'ws')}/relay/63" welcomeGreeting="Hello."/></Connect></Response>`,
    });
    expect((await finalCallback(redirected.sid)).params.CallStatus).toBe('completed');
    expect((await finalCallback(elsewhere.sid)).params.CallStatus).toBe('completed');
    // The relay refused to open counts as a failed session, reported to our own <Connect action>.
    expect(sandbox.peer.actions.find((a) => a.callId === 63)?.params).toMatchObject({
      SessionStatus: 'failed',
      ErrorMessage: expect.stringMatching(/PUBLIC_URL/),
    });
    expect(bystander.heard).toEqual([]);
  });

  it("refuses a call From a number another account bought (21210), and does not list it as the customer's", async () => {
    const own = twilioClient(sandbox.customer);
    // The platform's campaign number: before, any customer account could call from it.
    await expect(
      own.calls.create({ ...sandbox.app.callOptions('+12125550436', sandbox.platformNumber) }),
    ).rejects.toMatchObject({ status: 400, code: 21210 });
    expect(await own.incomingPhoneNumbers.list({ phoneNumber: sandbox.platformNumber })).toEqual([]);
    // Another customer's bought number, the same.
    const other = await savedAccount();
    const [available] = await platform().availablePhoneNumbers('US').local.list({ areaCode: 503, limit: 1 });
    const theirs = await twilioClient(other).incomingPhoneNumbers.create({
      phoneNumber: available!.phoneNumber,
    });
    await expect(
      own.calls.create({ ...sandbox.app.callOptions('+12125550446', theirs.phoneNumber) }),
    ).rejects.toMatchObject({ code: 21210 });
    // Its owner calls from it.
    const placed = await twilioClient(other).calls.create({
      ...sandbox.app.callOptions('+12125550450', theirs.phoneNumber),
    });
    expect((await finalCallback(placed.sid)).signatureValid).toBe(true);
  });
});
