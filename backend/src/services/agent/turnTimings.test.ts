import { describe, expect, it } from 'vitest';
import { SILENCE_GAP_MS } from '@ringcast/shared-types';
import { TurnTimings, silenceOf, untimed } from './turnTimings';

describe('TurnTimings', () => {
  it('times a reply from the final words to its first words out, the model from its request', () => {
    const timings = new TurnTimings();
    expect(timings.prompt(false, null, 900)).toBeNull();
    const reply = timings.prompt(true, null, 1000)!;
    timings.replyStarted(reply);
    reply.modelAsked(1010);
    reply.modelToken(1260.4);
    reply.modelToken(1300);
    timings.wordsOut(1262.6);
    timings.wordsOut(1400);
    expect(reply.measures).toEqual({
      responseMs: 263,
      modelFirstTokenMs: 250,
      talkedOver: false,
      silenceBeforeMs: null,
    });
  });

  it('times the model from the round that gave the first words, not a round of tool calls', () => {
    const timings = new TurnTimings();
    const reply = timings.prompt(true, null, 0)!;
    timings.replyStarted(reply);
    reply.modelAsked(5);
    reply.modelAsked(400);
    reply.modelToken(650);
    timings.wordsOut(652);
    expect(reply.measures).toMatchObject({ responseMs: 652, modelFirstTokenMs: 250 });
  });

  it('says a reply talked over the callee when a prompt came after its final words and before its first', () => {
    const timings = new TurnTimings();
    const first = timings.prompt(true, null, 0)!;
    timings.replyStarted(first);
    timings.wordsOut(300);
    // Words after the reply's first ones went out do not make it a talk-over.
    timings.prompt(false, null, 350);
    timings.replyEnded(first);
    const second = timings.prompt(true, null, 1000)!;
    timings.replyStarted(second);
    timings.prompt(false, null, 1050);
    timings.wordsOut(1300);
    expect(first.measures.talkedOver).toBe(false);
    expect(second.measures.talkedOver).toBe(true);
  });

  it('keeps a slow reply as a silence, and nothing of a reply that said nothing', () => {
    const timings = new TurnTimings();
    const slow = timings.prompt(true, null, 0)!;
    timings.replyStarted(slow);
    timings.wordsOut(SILENCE_GAP_MS + 1);
    expect(slow.measures.silenceBeforeMs).toBe(SILENCE_GAP_MS + 1);
    timings.replyEnded(slow);
    const mute = timings.prompt(true, null, 10_000)!;
    timings.replyStarted(mute);
    timings.replyEnded(mute);
    // Words out after the reply ended (a question after a silence) are none of its.
    timings.wordsOut(20_000);
    expect(mute.measures).toEqual(untimed());
  });

  it("gives the silence before the callee's turn, from the turn's first frame", () => {
    const timings = new TurnTimings();
    timings.prompt(false, SILENCE_GAP_MS + 500, 0);
    // Later frames of the same turn do not change it.
    const reply = timings.prompt(true, 9_000, 100)!;
    expect(reply.calleeSilenceMs).toBe(SILENCE_GAP_MS + 500);
    expect(timings.prompt(true, 1_000, 200)!.calleeSilenceMs).toBeNull();
    expect(timings.prompt(true, null, 300)!.calleeSilenceMs).toBeNull();
  });

  it('keeps only gaps over SILENCE_GAP_MS', () => {
    expect(silenceOf(SILENCE_GAP_MS)).toBeNull();
    expect(silenceOf(SILENCE_GAP_MS + 0.6)).toBe(SILENCE_GAP_MS + 1);
    expect(silenceOf(null)).toBeNull();
  });
});
