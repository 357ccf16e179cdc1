import { describe, expect, it } from 'vitest';
import { dueStepsKey, loadCall, runningStepsKey } from '@ringcast/sandbox/testing';
import { TRANSFER_FALLBACK_GREETING } from '@ringcast/shared-types';
import { platformTwilioAccount } from '../src/providers/twilio';
import { sharedRedis } from '../src/redis';
import { platform, useTwilioSandbox, waitFor } from './helpers/twilioSandbox';

/**
 * The Twilio sandbox's `<Dial>`, as our transfer uses it: a leg to the destination, the whisper
 * to the person who answers, the bridge, and the Dial's action with how it went. Our side here is
 * the test's own TwiML server (PUBLIC_URL), through the real twilio SDK.
 */
const sandbox = useTwilioSandbox();
const { finalCallback, placeCall } = sandbox;

const WHISPER = 'Transferring Bella Booker, who would like a check-up price.';

/** Serves a call's TwiML: a `<Dial>` to `destination` whose action is `/transfer-status/<name>`. */
function serveDial(name: string, destination: string) {
  const { app } = sandbox;
  app.serve(
    `/dial/${name}`,
    `<Response><Dial timeout="25" action="${app.url(`/transfer-status/${name}`)}" method="POST" callerId="${sandbox.platformNumber}">` +
      `<Number url="${app.url('/whisper')}" method="POST">${destination}</Number></Dial></Response>`,
  );
  app.serve(`/transfer-status/${name}`, '<Response><Hangup/></Response>');
  app.serve('/whisper', `<Response><Say voice="Polly.Joanna-Generative">${WHISPER}</Say></Response>`);
  return placeCall('+12125550106', { url: app.url(`/dial/${name}`) });
}

const transferStatus = (name: string, callSid: string) =>
  waitFor(() => sandbox.app.about(callSid, `/transfer-status/${name}`)[0], `the Dial action of ${callSid}`);

const seconds = (rfc2822: string | Date | null) => new Date(rfc2822 ?? 0).getTime() / 1000;

describe('Twilio sandbox: <Dial>', () => {
  it('calls an answering destination, whispers to the person, bridges, and posts the action with the leg', async () => {
    const parent = await serveDial('answers', '+12125550102');
    const action = await transferStatus('answers', parent.sid);
    expect(action.signatureValid).toBe(true);
    expect(action.params).toMatchObject({
      CallSid: parent.sid,
      AccountSid: platformTwilioAccount().accountSid,
      CallStatus: 'in-progress',
      DialCallStatus: 'completed',
      DialCallSid: expect.stringMatching(/^CA[0-9a-f]{32}$/),
      DialBridged: 'true',
    });
    const legSid = action.params.DialCallSid!;
    expect(legSid).not.toBe(parent.sid);
    // A ring, a two-second whisper, then about 30 s of talk.
    const legSeconds = Number(action.params.DialCallDuration);
    expect(legSeconds).toBeGreaterThanOrEqual(32);
    expect(legSeconds).toBeLessThan(40);

    // The whisper's URL is requested with the leg's own fields, signed.
    const [whisper] = sandbox.app.about(legSid, '/whisper');
    expect(whisper).toMatchObject({
      signatureValid: true,
      params: {
        CallSid: legSid,
        ParentCallSid: parent.sid,
        AccountSid: platformTwilioAccount().accountSid,
        To: '+12125550102',
        From: sandbox.platformNumber,
        CallStatus: 'in-progress',
        Direction: 'outbound-dial',
      },
    });
    // The person heard the whisper, then was bridged.
    const played = (await loadCall(legSid))!;
    expect(played.heard).toEqual([{ at: expect.any(Number), text: WHISPER }]);
    expect(played.heard![0]!.at).toBeLessThan(played.bridgedAt!);

    // The leg is a call of its own: fetchable with its price, and listed under its parent.
    const leg = await platform().calls(legSid).fetch();
    expect(leg).toMatchObject({
      parentCallSid: parent.sid,
      direction: 'outbound-dial',
      to: '+12125550102',
      from: sandbox.platformNumber,
      status: 'completed',
      duration: String(legSeconds),
      price: '-0.01400',
    });
    const legs = await platform().calls.list({ parentCallSid: parent.sid });
    expect(legs.map((c) => c.sid)).toEqual([legSid]);

    // The parent hangs up as the action says; its duration includes the bridged time.
    const final = await finalCallback(parent.sid);
    expect(final.params.CallStatus).toBe('completed');
    expect(Number(final.params.CallDuration)).toBeGreaterThanOrEqual(legSeconds);
    const fetched = await platform().calls(parent.sid).fetch();
    expect(fetched.parentCallSid).toBeNull();
    expect(Number(fetched.duration)).toBeGreaterThanOrEqual(legSeconds);
  });

  it('gives no-answer after the timeout on a destination ending in 1, and busy on one ending in 3', async () => {
    const [unanswered, busy] = await Promise.all([
      serveDial('no-answer', '+12125550101'),
      serveDial('busy', '+12125550103'),
    ]);
    const [noAnswerAction, busyAction] = await Promise.all([
      transferStatus('no-answer', unanswered.sid),
      transferStatus('busy', busy.sid),
    ]);
    expect(noAnswerAction.params).toMatchObject({ DialCallStatus: 'no-answer', DialBridged: 'false' });
    expect(busyAction.params).toMatchObject({ DialCallStatus: 'busy', DialBridged: 'false' });
    for (const action of [noAnswerAction, busyAction]) {
      expect(action.params.DialCallDuration).toBeUndefined();
      expect(sandbox.app.about(action.params.DialCallSid!, '/whisper')).toEqual([]);
    }

    const noAnswer = await platform().calls(noAnswerAction.params.DialCallSid!).fetch();
    expect(noAnswer).toMatchObject({ status: 'no-answer', price: null, duration: null });
    // It rang for the Dial's 25 s timeout (after a second to start ringing).
    const rang = seconds(noAnswer.endTime) - seconds(noAnswer.startTime);
    expect(rang).toBeGreaterThanOrEqual(25);
    expect(rang).toBeLessThanOrEqual(27);
    const busyLeg = await platform().calls(busyAction.params.DialCallSid!).fetch();
    expect(busyLeg).toMatchObject({ status: 'busy', price: null, parentCallSid: busy.sid });
    expect(seconds(busyLeg.endTime) - seconds(busyLeg.startTime)).toBeLessThan(5);
  });

  it('opens a second relay session on the same call when the action answers <Connect>', async () => {
    const { app, peer } = sandbox;
    const callId = 81;
    const socket = `${app.baseUrl.replace('http', 'ws')}/relay/${callId}`;
    const parent = await serveDial('fallback', '+12125550101');
    app.serve(
      '/transfer-status/fallback',
      `<Response><Connect action="${app.url(`/webhooks/twilio/calls/${callId}/relay-ended`)}">` +
        `<ConversationRelay url="${socket}" welcomeGreeting="${TRANSFER_FALLBACK_GREETING}">` +
        `<Parameter name="callId" value="${callId}"/></ConversationRelay></Connect></Response>`,
    );
    await transferStatus('fallback', parent.sid);
    const session = await waitFor(() => peer.session(callId)?.setup() && peer.session(callId), 'the session');
    expect(session.setup()).toMatchObject({
      callSid: parent.sid,
      customParameters: { callId: String(callId) },
    });
    const final = await finalCallback(parent.sid);
    expect(final.params.CallStatus).toBe('completed');
    // The callee goes on in the new session: offered to, they leave a message, then say goodbye.
    expect(session.prompts()).toEqual([
      'Yes, please ask someone to call me back tomorrow morning about the pricing.',
      'Thank you. Goodbye.',
    ]);
  });

  it('fails a Dial whose callerId is not a number of the account, calling no one', async () => {
    const { app } = sandbox;
    app.serve(
      '/dial/not-ours',
      `<Response><Dial callerId="+13105550142" action="${app.url('/transfer-status/not-ours')}">+12125550102</Dial></Response>`,
    );
    app.serve('/transfer-status/not-ours', '<Response><Hangup/></Response>');
    const parent = await placeCall('+12125550106', { url: app.url('/dial/not-ours') });
    const action = await transferStatus('not-ours', parent.sid);
    expect(action.params).toMatchObject({ DialCallStatus: 'failed', DialBridged: 'false' });
    expect(action.params.DialCallSid).toBeUndefined();
    expect(await platform().calls.list({ parentCallSid: parent.sid })).toEqual([]);
    expect((await finalCallback(parent.sid)).params.CallStatus).toBe('completed');
  });

  it('plays the next verb after a <Dial> without an action, and hangs the leg up with its parent', async () => {
    const { app } = sandbox;
    app.serve(
      '/dial/no-action',
      `<Response><Dial timeout="25"><Number>+12125550101</Number></Dial><Redirect>${app.url('/after-dial')}</Redirect></Response>`,
    );
    app.serve('/after-dial', '<Response><Hangup/></Response>');
    const parent = await placeCall('+12125550106', { url: app.url('/dial/no-action') });
    await waitFor(() => app.about(parent.sid, '/after-dial')[0], 'the verb after the Dial');
    expect((await finalCallback(parent.sid)).params.CallStatus).toBe('completed');

    // A parent hung up while its leg rings takes the leg with it.
    app.serve('/dial/hung-up', '<Response><Dial timeout="60">+12125550101</Dial></Response>');
    const hungUp = await placeCall('+12125550106', { url: app.url('/dial/hung-up') });
    const [leg] = await waitFor(async () => {
      const found = await platform().calls.list({ parentCallSid: hungUp.sid });
      return found.length > 0 && found;
    }, 'the leg');
    await platform().calls(hungUp.sid).update({ status: 'completed' });
    await waitFor(
      async () => (await platform().calls(leg!.sid).fetch()).status === 'canceled',
      'the leg to be canceled',
    );
  });

  it('places one leg and requests the action once when its steps run twice (a player lost midway)', async () => {
    const { app } = sandbox;
    app.serve(
      '/dial/twice',
      `<Response><Dial timeout="120" action="${app.url('/transfer-status/twice')}">+12125550101</Dial></Response>`,
    );
    app.serve('/transfer-status/twice', '<Response><Hangup/></Response>');
    const parent = await placeCall('+12125550106', { url: app.url('/dial/twice') });
    const dialing = await waitFor(
      async () => (await loadCall(parent.sid))?.dial ?? undefined,
      'the Dial to place its leg',
    );

    /** Runs a step again, as a player does when the one running it died, and waits until it has run. */
    const runAgain = async (step: object) => {
      const member = JSON.stringify(step);
      await sharedRedis().zadd(dueStepsKey(), Date.now(), member);
      await waitFor(async () => {
        const [due, running] = await Promise.all([
          sharedRedis().zscore(dueStepsKey(), member),
          sharedRedis().zscore(runningStepsKey(), member),
        ]);
        return due === null && running === null;
      }, 'the step to run again');
    };
    const { legSid, step, spec } = dialing;
    await runAgain({ kind: 'dial', at: Date.now(), dial: spec, sid: parent.sid, n: step });
    const action = await transferStatus('twice', parent.sid);
    expect(action.params).toMatchObject({ DialCallStatus: 'no-answer', DialCallSid: legSid });

    const leg = (await loadCall(legSid))!;
    await runAgain({ kind: 'leg-ended', parentSid: parent.sid, at: leg.endTime, sid: legSid, n: 1000 });
    expect((await finalCallback(parent.sid)).params.CallStatus).toBe('completed');
    expect((await platform().calls.list({ parentCallSid: parent.sid })).map((c) => c.sid)).toEqual([legSid]);
    expect(app.about(parent.sid, '/transfer-status/twice')).toHaveLength(1);
  });
});
