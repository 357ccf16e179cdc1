import { describe, expect, it } from 'vitest';
import { readCallSummaryRequest, twoSentences, writeCallSummaryRequest } from './callSummary';

describe('the call summary request', () => {
  it('reads back what was written: direction, outcome and the turns on one line each', () => {
    const request = {
      direction: 'inbound' as const,
      outcome: 'call_back_later' as const,
      turns: [
        { speaker: 'agent' as const, text: 'Hello, you have reached Acme.' },
        { speaker: 'callee' as const, text: 'Hi.\nCan you call me\ttomorrow?' },
      ],
    };
    const text = writeCallSummaryRequest(request);
    expect(text).toContain('Person: Hi. Can you call me tomorrow?');
    expect(readCallSummaryRequest(text)).toEqual({
      ...request,
      turns: [request.turns[0], { speaker: 'callee', text: 'Hi. Can you call me tomorrow?' }],
    });
  });

  it('reads no outcome when none was recorded or the word is not one', () => {
    const text = writeCallSummaryRequest({ direction: 'outbound', outcome: null, turns: [] });
    expect(readCallSummaryRequest(text)).toEqual({ direction: 'outbound', outcome: null, turns: [] });
    expect(readCallSummaryRequest(text.replace('none recorded', 'sold')).outcome).toBeNull();
  });

  it('says when an answering machine picked up, so a voicemail is summed up as one', () => {
    const request = {
      direction: 'outbound' as const,
      outcome: null,
      answeredByMachine: true,
      voicemailLeft: 'Sorry we missed you. Please call us back at (415) 555-0102.',
      turns: [{ speaker: 'agent' as const, text: 'Hi, this is Maya, an AI assistant.' }],
    };
    expect(readCallSummaryRequest(writeCallSummaryRequest(request))).toEqual(request);
    const person = writeCallSummaryRequest({ ...request, answeredByMachine: false, voicemailLeft: '' });
    expect(readCallSummaryRequest(person)).not.toHaveProperty('answeredByMachine');
    expect(readCallSummaryRequest(person)).not.toHaveProperty('voicemailLeft');
  });

  it('keeps the first two sentences of an answer, a quoted question inside one included', () => {
    expect(twoSentences('They asked "why?" twice. They booked.  More text here.')).toBe(
      'They asked "why?" twice. They booked.',
    );
    expect(twoSentences('It costs $1.50 per visit! "Great," they said. Then more.')).toBe(
      'It costs $1.50 per visit! "Great," they said.',
    );
  });
});
