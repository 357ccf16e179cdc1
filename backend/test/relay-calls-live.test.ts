import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { Campaign } from '../src/db/models';
import { SILENCE_GOODBYE, STILL_THERE } from '../src/relay/relaySession';
import { adminClient } from './helpers/admin';
import { storedTurns } from './helpers/relay';
import { PATIENT, endFrame, reloaded, useRelayCalls } from './helpers/relayCalls';
import { collect, openSocket, waitFor } from './helpers/sockets';

/** The agent's patience with silence on the line, and a live call reaching the admins' tabs turn by turn. */
const { api, liveCall, connect } = useRelayCalls();

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
