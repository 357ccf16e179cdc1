import { describe, expect, it } from 'vitest';
import { twoSentences } from '@ringcast/shared-types';
import { CallRecord, CallTranscriptTurn } from '../src/db/models';
import { summarizeCall } from '../src/services/agent/callSummary';
import { collect, waitFor } from './helpers/sockets';
import { RelayCaller, answeredCall, relayUrl } from './helpers/relay';
import { useTestApi } from './helpers/server';

/**
 * The after-call summary: written by the worker's job once a relay session closes, from the stored
 * transcript and outcome, through the OpenAI SDK (the sandbox here), stored once and pushed.
 */
const api = useTestApi({ worker: true });

/** Two sentences, each ending once, as a summary must be. */
const TWO_SENTENCES = /^[^.!?]+[.!?] [^.!?]+[.!?]$/;

async function callWithTranscript(turns: [speaker: 'agent' | 'callee', text: string][]) {
  const owner = await answeredCall(api.baseUrl);
  await CallTranscriptTurn.bulkCreate(
    turns.map(([speaker, text], seq) => ({
      callRecordId: owner.call.id,
      seq,
      speaker,
      text,
      offsetMs: seq * 2000,
    })),
  );
  return owner;
}

describe('the call summary', () => {
  it('is written once a relay session closes, in two sentences from the transcript, and pushed', async () => {
    const owner = await answeredCall(api.baseUrl);
    const socket = await api.openSocket(owner.client);
    const updates = collect(socket, 'call:updated');
    const caller = await RelayCaller.open(relayUrl(api.baseUrl, owner.call));
    caller.setup(owner.call.id);
    caller.say('Yes, I would like to book a check-up for my son.');
    await caller.turn(0);
    caller.close();

    const summary = await waitFor(
      async () => (await CallRecord.findByPk(owner.call.id))?.summary,
      20_000,
      'the summary to be stored',
    );
    expect(summary).toMatch(TWO_SENTENCES);
    // What happened, in the summary's own words: not a quote of the transcript.
    expect(summary).toContain('wanted to book a check-up for their son');
    const pushed = await waitFor(
      () => updates.find((call) => call.id === owner.call.id && call.summary === summary),
      5_000,
      'call:updated with the summary',
    );
    expect(pushed).toBeTruthy();
  });

  it('names the outcome and is stored once, however many runs ask at once', async () => {
    const { call } = await callWithTranscript([
      ['agent', 'Hello, this is Ava from Spring Dental Clinic. How can I help you today?'],
      ['callee', 'I wanted to ask whether you have anything on Friday morning?'],
      ['agent', 'We do. Shall I book you in at ten?'],
      ['callee', 'Yes please. Ten is great.'],
    ]);
    await CallRecord.update(
      { outcome: 'appointment_booked', direction: 'inbound' },
      { where: { id: call.id } },
    );
    const results = await Promise.all([
      summarizeCall(call.id),
      summarizeCall(call.id),
      summarizeCall(call.id),
    ]);
    expect(results.filter((r) => r === 'written')).toHaveLength(1);
    expect(results.filter((r) => r === 'already_written')).toHaveLength(2);
    const stored = (await CallRecord.findByPk(call.id))!.summary!;
    expect(stored).toBe(
      'The caller asked whether we have anything on Friday morning. They booked an appointment for Friday morning.',
    );
    // A later run leaves it as it is.
    expect(await summarizeCall(call.id)).toBe('already_written');
    await CallRecord.update({ outcome: 'not_interested' }, { where: { id: call.id } });
    expect(await summarizeCall(call.id)).toBe('already_written');
    expect((await CallRecord.findByPk(call.id))!.summary).toBe(stored);
  });

  it('is not written for a call with no transcript', async () => {
    const { call } = await answeredCall(api.baseUrl);
    expect(await summarizeCall(call.id)).toBe('no_transcript');
    expect((await CallRecord.findByPk(call.id))!.summary).toBeNull();
  });

  it('keeps two sentences of a longer answer', () => {
    expect(
      twoSentences('  The person asked about prices.\nThey booked a visit!  Then they said more. '),
    ).toBe('The person asked about prices. They booked a visit!');
    expect(twoSentences('One sentence only')).toBe('One sentence only');
  });
});
