import { describe, expect, it } from 'vitest';
import { readAgentBriefFacts, type AgentBrief } from '@ringcast/shared-types';
import { agentInstructions, welcomeGreeting } from './instructions';

const brief: AgentBrief = {
  direction: 'outbound',
  businessName: 'Spring Dental Clinic',
  callbackNumber: '+12125550188',
  agentName: 'Ava',
  tones: 'friendly',
  campaignType: 'Book Appointment',
  goal: 'Book check-ups',
  audience: 'Adults',
  scripts: {
    answering: 'Hi, this is Ava, an AI assistant calling for Spring Dental Clinic. How are you?',
    rebuttals: 'It only takes thirty minutes.',
  },
  documents: [{ name: 'offer.txt', text: 'Cleanings are 20% off in May.' }],
  websites: ['https://spring-dental.example'],
};

describe('agentInstructions', () => {
  it('gives the callback number and carries every fact, script and document for the sandbox to read back', () => {
    const instructions = agentInstructions(brief);
    expect(instructions).toContain('If asked for a number to call back, give +12125550188.');
    expect(instructions).toContain('AI assistant');
    expect(readAgentBriefFacts(instructions)).toEqual(brief);
  });

  it('has the agent answer from the documents, never read a URL, keep the goal to itself and speak naturally', () => {
    const instructions = agentInstructions(brief);
    const rules = instructions.slice(0, instructions.indexOf('## Call facts'));
    expect(rules).toContain('from the facts and documents below, with the figure itself');
    expect(rules).toContain(
      'Never read a web address, email address or URL aloud: say "on our website" instead.',
    );
    expect(rules).toContain('The goal below is written for you, not for them: never read it out');
    expect(rules).toContain("say why you are calling in the person's terms");
    expect(rules).toContain('never read their quote marks, dashes, numbers or labels');
    expect(rules).not.toMatch(/no URLs read out letter by letter/);
  });

  it('tells an inbound agent to find out why they called', () => {
    expect(agentInstructions({ ...brief, direction: 'inbound' })).toContain('Find out why they called');
  });
});

describe('welcomeGreeting', () => {
  it("is the opening script's first sentence when it says it is an AI assistant", () => {
    expect(welcomeGreeting(brief)).toBe('Hi, this is Ava, an AI assistant calling for Spring Dental Clinic.');
  });

  it('otherwise names the business and says it is an AI assistant', () => {
    expect(welcomeGreeting({ ...brief, scripts: { answering: 'Hello there! Lovely day.' } })).toBe(
      'Hello, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic.',
    );
  });

  it('thanks someone who rang the business for calling, whatever the opening script says', () => {
    expect(welcomeGreeting({ ...brief, direction: 'inbound' })).toBe(
      'Thanks for calling Spring Dental Clinic, this is Ava, an AI assistant. How can I help you today?',
    );
    expect(agentInstructions({ ...brief, direction: 'inbound' })).toContain(
      'never say the business asked you to reach out',
    );
  });

  it('says the call may be recorded, after saying who speaks, when the campaign records', () => {
    expect(welcomeGreeting({ ...brief, recorded: true })).toBe(
      'Hi, this is Ava, an AI assistant calling for Spring Dental Clinic. This call may be recorded.',
    );
    expect(welcomeGreeting({ ...brief, scripts: {}, recorded: true })).toBe(
      'Hello, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic. This call may be recorded.',
    );
    expect(welcomeGreeting({ ...brief, direction: 'inbound', recorded: true })).toBe(
      'Thanks for calling Spring Dental Clinic, this is Ava, an AI assistant. This call may be recorded. How can I help you today?',
    );
  });
});

describe('a booking campaign', () => {
  const booking = {
    timeZone: 'America/Los_Angeles',
    localNow: 'Monday, December 7 at 9:05 AM',
    today: '2026-12-07',
    needsEmail: true,
  };

  it("tells the agent the callee's time and day, to offer only free times, to read back the email and book", () => {
    const instructions = agentInstructions({ ...brief, booking });
    const rules = instructions.slice(0, instructions.indexOf('## Call facts'));
    expect(rules).toContain('It is now Monday, December 7 at 9:05 AM for the person you are talking to');
    expect(rules).toContain('(time zone America/Los_Angeles, today 2026-12-07)');
    expect(rules).toContain('offer only the times it answers');
    expect(rules).toContain('read the email back to confirm it');
    expect(rules).toContain('book_appointment records appointment_booked itself');
    expect(rules).not.toMatch(/result is clear: interested, appointment_booked/);
    expect(readAgentBriefFacts(instructions)).toEqual({ ...brief, booking });
    expect(agentInstructions({ ...brief, booking: { ...booking, needsEmail: false } })).not.toContain(
      'email back',
    );
  });
});

describe('agentInstructions: transfers', () => {
  const destinations = [
    { label: 'Sales', phoneNumber: '+12125550102', hours: null },
    {
      label: 'Billing',
      phoneNumber: '+12125550104',
      hours: {
        days: ['mon' as const, 'fri' as const],
        from: '09:00',
        to: '17:00',
        timeZone: 'America/New_York',
      },
    },
  ];
  const rulesOf = (instructions: string) => instructions.slice(0, instructions.indexOf('## Call facts'));

  it('names each destination with its hours, when to transfer, and to say so first', () => {
    const rules = rulesOf(agentInstructions(brief, { destinations, transferred: false }));
    expect(rules).toContain('Sales (any time); Billing (mon, fri 09:00-17:00 (America/New_York))');
    expect(rules).toContain('when the caller asks for a person');
    expect(rules).toContain('First say you are connecting them');
    expect(rules).toContain('call_back_later');
    // The facts the sandbox reads back are unchanged by them.
    expect(readAgentBriefFacts(agentInstructions(brief, { destinations, transferred: false }))).toEqual(
      brief,
    );
  });

  it('says nothing of transfers without a destination or once transferred', () => {
    const plain = agentInstructions(brief);
    expect(agentInstructions(brief, { destinations: [], transferred: false })).toBe(plain);
    expect(agentInstructions(brief, { destinations, transferred: true })).toBe(plain);
  });

  it('tells the message session to whom, why and how the transfer went, and to take the message', () => {
    const rules = rulesOf(
      agentInstructions(
        { ...brief, direction: 'inbound' },
        {
          destinations,
          transferred: true,
          failed: { destination: 'Sales', reason: 'wants a quote', status: 'busy' },
        },
      ),
    );
    expect(rules).toContain(
      'You tried to put this caller through to Sales (wants a quote), and the line was busy.',
    );
    expect(rules).toContain('call record_outcome with call_back_later');
    expect(rules).toContain('Do not transfer again.');
  });
});
