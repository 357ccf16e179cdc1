import { describe, expect, it } from 'vitest';
import type { AgentBrief } from '@ringcast/shared-types';
import { askedDays } from './bookingReplies';
import { personaConversation, type ToolAnswer } from './personaConversation';

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

const converse = (answer: ToolAnswer) => personaConversation('6', BOOKING, answer);

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
