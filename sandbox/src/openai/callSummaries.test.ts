import { describe, expect, it } from 'vitest';
import {
  transferringNote,
  twoSentences,
  writeCallSummaryRequest,
  type CallSummaryRequest,
} from '@ringcast/shared-types';
import { summaryReply } from './callSummaries';

const summary = (request: Partial<CallSummaryRequest> & Pick<CallSummaryRequest, 'turns'>) =>
  summaryReply(writeCallSummaryRequest({ direction: 'outbound', outcome: null, ...request }));

const agent = (text: string) => ({ speaker: 'agent' as const, text });
const person = (text: string) => ({ speaker: 'callee' as const, text });

describe('the sandbox model summing up a call', () => {
  it('says what the person asked, what they were told and how it ended, in two sentences', () => {
    const text = summary({
      outcome: 'appointment_booked',
      turns: [
        agent('Hi, this is Maya, an AI assistant calling on behalf of Harbor Dental Studio.'),
        person("I'm doing well, thanks. What is this about?"),
        agent("I'm calling to see if you'd like to book a teeth cleaning before the end of December."),
        person('How much does it cost?'),
        agent('A teeth cleaning is $95.'),
        person('Yes, tomorrow at ten works for me.'),
        agent("You're all set for tomorrow at 10 AM with Harbor Dental Studio. Thank you, goodbye!"),
      ],
    });
    expect(text).toBe(
      'The person asked what the call was about, then asked about the price of a teeth cleaning and was told $95. ' +
        'They booked an appointment for tomorrow at 10 AM.',
    );
    expect(twoSentences(text)).toBe(text);
  });

  it('says a caller put through to a person was transferred, where no outcome followed', () => {
    const text = summary({
      turns: [
        agent('Hi, this is Maya from Harbor Dental Studio.'),
        person('Can I speak to a real person, please?'),
        agent("Of course, I'm connecting you now."),
        { speaker: 'system', text: transferringNote('Office') },
      ],
    });
    expect(text).toMatch(/ They asked for a person and were put through to Office\.$/);
    expect(twoSentences(text)).toBe(text);
  });

  it('never quotes the transcript or counts turns', () => {
    for (const outcome of [null, 'interested', 'not_interested', 'call_back_later', 'do_not_call'] as const) {
      const text = summary({
        outcome,
        turns: [agent('Hello.'), person("I'm doing well, thanks, What is this about"), agent('A check-up.')],
      });
      expect(text).not.toMatch(/["“”]|spoke \d|\d+ turns?|said nothing/);
      expect(twoSentences(text)).toBe(text);
    }
    expect(
      summary({
        direction: 'inbound',
        outcome: 'appointment_booked',
        turns: [
          agent('Thanks for calling Spring Dental Clinic. How can I help you today?'),
          person('I wanted to ask whether you have anything on Friday morning?'),
          agent('We do. Shall I book you in at ten?'),
          person('Yes please. Ten is great.'),
        ],
      }),
    ).toBe(
      'The caller asked whether we have anything on Friday morning. They booked an appointment for Friday morning.',
    );
  });

  it('sums up a voicemail as one: the message left with its callback number, or none left', () => {
    const greeting = agent('Hi, this is Maya, an AI assistant calling on behalf of Harbor Dental Studio.');
    expect(
      summary({
        answeredByMachine: true,
        voicemailLeft: 'Sorry we missed you. Please call us back at (415) 555-0102. Thank you!',
        turns: [greeting],
      }),
    ).toBe(
      'An answering machine picked up. The agent left a voicemail with the callback number (415) 555-0102.',
    );
    expect(summary({ answeredByMachine: true, turns: [greeting] })).toBe(
      'An answering machine picked up. The agent hung up without leaving a message.',
    );
  });
});
