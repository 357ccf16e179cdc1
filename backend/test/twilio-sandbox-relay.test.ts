import { describe, expect, it } from 'vitest';
import { platformTwilioAccount } from '../src/providers/twilio';
import {
  HANDOFF,
  REFUSED_CALL_ID,
  platform,
  startPlayer,
  useTwilioSandbox,
  waitFor,
} from './helpers/twilioSandbox';

/** The Twilio sandbox's ConversationRelay, against a relay peer playing our side of the session. */
const sandbox = useTwilioSandbox();
const { finalCallback, placeCall, relayCall } = sandbox;

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
      const session = sandbox.peer.session(callId)!;
      expect(session.signatureValid).toBe(true);
      expect(session.frames[0]).toEqual({
        type: 'setup',
        sessionId: expect.stringMatching(/^VX[0-9a-f]{32}$/),
        accountSid: platformTwilioAccount().accountSid,
        parentCallSid: '',
        callSid: call!.sid,
        from: sandbox.platformNumber,
        to: call!.to,
        forwardedFrom: '',
        callerName: '',
        direction: 'outbound-api',
        callType: 'PSTN',
        callStatus: 'RINGING',
        customParameters: { callId: String(callId), campaignId: '7', direction: 'outbound' },
      });
      // Our TwiML asks for partial prompts: each line is heard half-way, then whole (`last`).
      const prompts = session.frames.flatMap((f) => (f.type === 'prompt' ? [f] : []));
      expect(prompts.every((f) => f.lang === 'en-US')).toBe(true);
      const partials = prompts.filter((f) => !f.last);
      expect(partials.length).toBeGreaterThan(0);
      for (const partial of partials) {
        const final = prompts.slice(prompts.indexOf(partial) + 1).find((f) => f.last);
        expect(final?.voicePrompt.startsWith(partial.voicePrompt)).toBe(true);
      }
    }

    // 4 asks to be removed by voice, presses the 9 it is offered, and hangs up when the agent talks on.
    const removed = sandbox.peer.session(41)!;
    expect(removed.prompts()).toEqual([
      'Who is this?',
      'Please stop calling me. Take me off your list.',
      'I asked you to stop calling me. Goodbye.',
    ]);
    expect(removed.frames.filter((f) => f.type === 'dtmf')).toEqual([{ type: 'dtmf', digit: '9' }]);
    await waitFor(() => removed.closedWith === 1000, 'the callee to hang up the socket');
    expect(sandbox.peer.actions.filter((a) => a.callId === 41)).toEqual([]);

    // 7 hears nothing back after its first answer and hangs up after 30 s of silence.
    const waited = sandbox.peer.session(71)!;
    expect(waited.prompts()).toEqual(['Hello. What exactly do you offer?']);
    expect(waited.closedWith).toBe(1000);
    expect(sandbox.peer.actions.filter((a) => a.callId === 71)).toEqual([]);
    // Greeting 4.8 s, a pause to think, 6 words 2.4 s, then the silence (plus the handshake's
    // wall milliseconds, 50 times longer in simulated time: a busy machine adds several seconds).
    const silentCall = Number(finals[3]!.params.CallDuration);
    expect(silentCall).toBeGreaterThanOrEqual(38);
    expect(silentCall).toBeLessThan(90);

    // 6 books; the agent ends after the third answer, and Twilio asks <Connect action> what next.
    expect(sandbox.peer.session(61)!.prompts()).toEqual([
      "I'm doing well, thanks. What is this about?",
      'That sounds good. Could we do tomorrow morning?',
      "The first one works. I'm Bella Booker, my email is bella.booker@example.com.",
    ]);

    // 9 talks over the agent's first reply after three words, then carries on.
    const interrupted = sandbox.peer.session(91)!;
    const barge = interrupted.frames.findIndex((f) => f.type === 'interrupt');
    const cut = interrupted.frames[barge];
    expect(cut).toMatchObject({ type: 'interrupt', utteranceUntilInterrupt: 'Thank you, I' });
    // Three words at 150 a minute; Twilio sends it as a number or a string.
    expect(Number((cut as { durationUntilInterruptMs: number | string }).durationUntilInterruptMs)).toBe(
      1200,
    );
    // Heard half-way (a partial prompt), then whole.
    expect(interrupted.frames.slice(barge + 1, barge + 3)).toEqual([
      { type: 'prompt', voicePrompt: 'Sorry to cut in, who did', lang: 'en-US', last: false },
      {
        type: 'prompt',
        voicePrompt: "Sorry to cut in, who did you say you're calling for?",
        lang: 'en-US',
        last: true,
      },
    ]);
    expect(interrupted.prompts()).toHaveLength(3);

    for (const [callId, call, final] of [
      [61, booker, finals[1]],
      [91, interrupter, finals[2]],
    ] as const) {
      const [action] = await waitFor(
        () =>
          sandbox.peer.actions.filter((a) => a.callId === callId).length > 0 &&
          sandbox.peer.actions.filter((a) => a.callId === callId),
        `the <Connect action> of ${callId}`,
      );
      expect(action!.signatureValid).toBe(true);
      expect(action!.params).toMatchObject({
        CallSid: call!.sid,
        CallStatus: 'in-progress',
        SessionId: sandbox.peer.session(callId)!.setup()!.sessionId,
        SessionStatus: 'completed',
        HandoffData: HANDOFF,
      });
      const sessionSeconds = Number(action!.params.SessionDuration);
      // A greeting, three answers and three replies take well over 20 simulated seconds.
      expect(sessionSeconds).toBeGreaterThan(20);
      expect(Number(final!.params.CallDuration)).toBeGreaterThanOrEqual(sessionSeconds);
      await waitFor(() => sandbox.peer.session(callId)!.closedWith !== null, 'the socket closed after end');
    }
  });

  it('ends the session as failed when the relay refuses the socket, and goes on to <Connect action>', async () => {
    const call = await relayCall('+12125550216', REFUSED_CALL_ID);
    const final = await finalCallback(call.sid);
    expect(final.params.CallStatus).toBe('completed');
    const [action] = sandbox.peer.actions.filter((a) => a.callId === REFUSED_CALL_ID);
    expect(action).toMatchObject({
      signatureValid: true,
      params: { SessionStatus: 'failed', ErrorMessage: expect.stringMatching(/401/) },
    });
    // Only the refused handshake's own time went by.
    expect(Number(action!.params.SessionDuration)).toBeLessThanOrEqual(2);
    expect(sandbox.peer.session(REFUSED_CALL_ID)).toBeUndefined();
  });

  it('sends a partial prompt half-way through each answer when the TwiML asks for partials', async () => {
    const call = await placeCall('+12125550226', {
      url: undefined,
      twiml: `<Response><Connect action="${sandbox.peer.baseUrl}/webhooks/twilio/calls/62/relay-ended"><ConversationRelay url="${sandbox.peer.baseUrl.replace('http', 'ws')}/relay/62" welcomeGreeting="Hello there." partialPrompts="true"/></Connect></Response>`,
    });
    await finalCallback(call.sid);
    const prompts = sandbox.peer.session(62)!.frames.filter((f) => f.type === 'prompt');
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
    expect(sandbox.peer.actions.find((a) => a.callId === 62)?.params.SessionStatus).toBe('completed');
  });

  it('cuts its sessions off when its player stops, and the call completes', async () => {
    const call = await relayCall('+12125550227', 72);
    await waitFor(() => sandbox.peer.session(72)?.setup(), 'the session to open');
    await sandbox.player.stop();
    // Stopped, the player has ended the call; the next player delivers its final callback.
    expect((await platform().calls(call.sid).fetch()).status).toBe('completed');
    sandbox.player = startPlayer();
    expect((await finalCallback(call.sid)).params.CallStatus).toBe('completed');
    await waitFor(() => sandbox.peer.session(72)!.closedWith === 1001, 'the socket closed as going away');
  });
});

describe('Twilio sandbox: a relay session follows its call', () => {
  it('closes the socket as soon as the call is hung up through the REST API, from any process', async () => {
    // 7 hears nothing from the peer and would hang up itself only after 30 s of silence.
    const call = await relayCall('+12125550237', 74);
    await waitFor(() => sandbox.peer.session(74)?.setup(), 'the session to open');
    await platform().calls(call.sid).update({ status: 'completed' });
    await waitFor(() => sandbox.peer.session(74)!.closedWith !== null, 'the socket to close');
    expect(sandbox.peer.session(74)).toMatchObject({ closedWith: 1000, closeReason: 'call ended' });
    expect((await finalCallback(call.sid)).params.CallStatus).toBe('completed');
  });
});
