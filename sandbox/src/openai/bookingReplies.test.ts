import { describe, expect, it } from 'vitest';
import { writeAgentBriefFacts, type AgentBrief } from '@ringcast/shared-types';
import { agentReply, type SandboxMessage } from './agentReplies';
import { askedDays } from './bookingReplies';
import { personaFor } from '../twilio/personas';

const BOOKING: AgentBrief = {
  direction: 'outbound',
  businessName: 'Spring Dental Clinic',
  callbackNumber: null,
  agentName: 'Ava',
  tones: null,
  campaignType: 'Book Appointment',
  goal: 'Fill the spring check-up calendar.',
  audience: null,
  scripts: { answering: 'Hi, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic.' },
  documents: [],
  websites: [],
  booking: {
    timeZone: 'America/Los_Angeles',
    localNow: 'Monday, December 7 at 9:05 AM',
    today: '2026-12-07',
    needsEmail: true,
  },
};

const SLOTS = [
  { startsAt: '2026-12-08T06:00:00-08:00', spoken: 'Tuesday, December 8 at 6:00 AM' },
  { startsAt: '2026-12-08T06:30:00-08:00', spoken: 'Tuesday, December 8 at 6:30 AM' },
  { startsAt: '2026-12-08T07:00:00-08:00', spoken: 'Tuesday, December 8 at 7:00 AM' },
];

type ToolAnswer = (name: string, args: Record<string, unknown>) => object;

/** The booker (digit 6) talking with the sandbox model, each tool answered by `answer`. */
function converse(answer: ToolAnswer) {
  const persona = personaFor('+12125550106');
  if (persona.kind !== 'person') throw new Error('not a person');
  const messages: SandboxMessage[] = [{ role: 'system', content: writeAgentBriefFacts(BOOKING) }];
  const tools: { name: string; args: Record<string, unknown> }[] = [];
  const said: string[] = [];
  for (const line of persona.conversation.lines) {
    messages.push({ role: 'user', content: line });
    for (let round = 0; round < 3; round++) {
      const reply = agentReply(messages);
      if (reply.content) said.push(reply.content);
      messages.push({
        role: 'assistant',
        content: reply.content,
        tool_calls: reply.toolCalls.map((c) => ({ function: { name: c.name, arguments: c.arguments } })),
      });
      if (!reply.toolCalls.length) break;
      for (const call of reply.toolCalls) {
        const args = JSON.parse(call.arguments) as Record<string, unknown>;
        tools.push({ name: call.name, args });
        messages.push({ role: 'tool', content: JSON.stringify(answer(call.name, args)) });
      }
      if (reply.toolCalls.some((c) => c.name === 'end_call')) break;
    }
    if (tools.some((t) => t.name === 'end_call')) break;
  }
  return { tools, said };
}

const answers =
  (book: (args: Record<string, unknown>) => object): ToolAnswer =>
  (name, args) =>
    name === 'check_availability'
      ? { ok: true, timeZone: 'America/Los_Angeles', slots: SLOTS, detail: 'offer these times' }
      : name === 'book_appointment'
        ? book(args)
        : { ok: true };

describe('the sandbox model books on a booking campaign', () => {
  it('asks for the day named, offers the free times, reads back name and email, books, and names the time', () => {
    const { tools, said } = converse(
      answers((args) => ({ ok: true, appointmentId: 7, startsAt: args.startsAt, spoken: SLOTS[0]!.spoken })),
    );
    expect(tools.map((t) => t.name)).toEqual(['check_availability', 'book_appointment', 'end_call']);
    expect(tools[0]!.args).toEqual({ from: '2026-12-08', partOfDay: 'morning' });
    expect(tools[1]!.args).toEqual({
      startsAt: '2026-12-08T06:00:00-08:00',
      name: 'Bella Booker',
      email: 'bella.booker@example.com',
    });
    expect(said).toContain(
      'I have Tuesday, December 8 at 6:00 AM, Tuesday, December 8 at 6:30 AM or Tuesday, December 8 at 7:00 AM.' +
        ' Which would suit you?',
    );
    expect(said.join(' ')).toContain('bella dot booker at example dot com');
    expect(said.at(-1)).toBe(
      "You're all set for Tuesday, December 8 at 6:00 AM with Spring Dental Clinic. Thank you, goodbye!",
    );
    // No record_outcome: book_appointment records appointment_booked itself.
    expect(tools.some((t) => t.name === 'record_outcome')).toBe(false);
  });

  it('offers the fresh times when the one picked was just taken', () => {
    const fresh = SLOTS.slice(1);
    const { said, tools } = converse(
      answers(() => ({ ok: false, error: 'that time was just taken', slots: fresh })),
    );
    expect(said.at(-1)).toBe(
      "I'm sorry, that time was just taken. I can offer Tuesday, December 8 at 6:30 AM or" +
        ' Tuesday, December 8 at 7:00 AM. Which would suit you?',
    );
    expect(tools.some((t) => t.name === 'end_call')).toBe(false);
  });

  it('offers a call back when the calendar cannot be reached', () => {
    const down = {
      ok: false,
      error:
        'the calendar cannot be reached: apologise, offer to have someone call back, and record call_back_later',
    };
    const { tools } = converse(answers(() => down));
    expect(tools.map((t) => t.name)).toEqual([
      'check_availability',
      'book_appointment',
      'record_outcome',
      'end_call',
    ]);
    expect(tools[2]!.args).toMatchObject({ outcome: 'call_back_later' });
  });
});

describe('askedDays', () => {
  it.each([
    ['Could we do tomorrow morning?', { from: '2026-12-08' }],
    ['How about today?', { from: '2026-12-07' }],
    ['Friday works', { from: '2026-12-11' }],
    ['Monday please', { from: '2026-12-14' }],
    ['Sometime next week', { from: '2026-12-14', to: '2026-12-18' }],
    ['Yes please', null],
  ])('%s', (words, expected) => {
    expect(askedDays(words, '2026-12-07')).toEqual(expected);
  });
});
