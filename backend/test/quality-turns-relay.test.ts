import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { SILENCE_GOODBYE, STILL_THERE } from '../src/relay/relaySession';
import { presentTurn } from '../src/services/agent/transcript';
import { storedTurns } from './helpers/relay';
import { PATIENT, endFrame, useRelayCalls } from './helpers/relayCalls';
import { waitFor } from './helpers/sockets';

/** Turn timings of a session driven frame by frame, as Twilio sends them. */
const { liveCall, connect } = useRelayCalls();

describe('turn timings on the relay', () => {
  beforeAll(() => {
    // Half a second of wall time at the calls' 50-fold scale.
    config.calls.relay.silenceSeconds = 25;
  });
  afterAll(() => {
    config.calls.relay.silenceSeconds = PATIENT;
  });

  it('our question after a silence, and the goodbye after the second, carry the silence before them', async () => {
    const { call } = await liveCall({ reachedAgent: false });
    const caller = await connect(call);
    await endFrame(caller);
    const turns = (await storedTurns(call.id, 3)).map(presentTurn);
    expect(turns.map((t) => [t.text.slice(0, 20), t.silenceBeforeMs, t.responseMs])).toEqual([
      ['Hi, this is Ava, an ', null, null],
      [STILL_THERE, 25_000, null],
      [SILENCE_GOODBYE.slice(0, 20), 25_000, null],
    ]);
  });

  it('a reply started before a partial prompt talked over the callee; a partial after its first words did not', async () => {
    const { call } = await liveCall({ reachedAgent: false });
    const caller = await connect(call);
    caller.say("I'm fine, thanks.");
    // The callee starts again at once, before any reply of ours can have gone out.
    caller.send({ type: 'prompt', voicePrompt: 'And', lang: 'en-US', last: false });
    const first = await caller.turn(0);
    caller.say('And who are you?');
    await waitFor(() => caller.texts(first.next).length > 0, 10_000, 'the second reply');
    caller.send({ type: 'prompt', voicePrompt: 'Well', lang: 'en-US', last: false });
    await caller.turn(first.next);
    const turns = (await storedTurns(call.id, 5)).map(presentTurn);
    expect(turns.map((t) => [t.speaker, t.talkedOver])).toEqual([
      ['agent', false],
      ['callee', false],
      ['agent', true],
      ['callee', false],
      ['agent', false],
    ]);
    for (const reply of [turns[2]!, turns[4]!])
      expect(reply.responseMs).toBeGreaterThanOrEqual(reply.modelFirstTokenMs!);
  });
});
