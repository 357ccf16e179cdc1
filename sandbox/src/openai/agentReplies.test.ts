import { describe, expect, it } from 'vitest';
import { writeAgentBriefFacts, type AgentBrief } from '@ringcast/shared-types';
import { agentReply } from './agentReplies';
import { personaConversation } from './personaConversation';

const BRIEF: AgentBrief = {
  direction: 'outbound',
  businessName: 'Spring Dental Clinic',
  callbackNumber: '+12125550188',
  agentName: 'Ava',
  tones: 'friendly',
  campaignType: 'Appointment setting',
  goal: 'Fill the spring check-up calendar.',
  audience: null,
  scripts: {
    answering: 'Hi, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic.',
    questions: 'When did you last see a dentist? Would a morning or an afternoon suit you better?',
    rebuttals: 'Many of our patients felt the same way, and a check-up takes only thirty minutes.',
    notInterested: 'No problem at all. Thank you for your time, and have a lovely day.',
  },
  documents: [{ name: 'prices.txt', text: 'A check-up costs 80 dollars. Cleaning costs 60 dollars.' }],
  websites: ['https://spring-dental.example'],
};

/** The FAQ a dental practice uploads: a header, then prices. */
const CLINIC_FAQ = [
  'Harbor Dental Studio - patient FAQ',
  'Website: https://harbordental.example',
  'Address: 120 Harbor Street, Suite 4, San Francisco, CA 94111',
  'Opening hours: Monday to Friday 8:00-18:00, Saturday 9:00-13:00.',
  '',
  'Prices',
  'Check-up with X-rays: $140',
  'Teeth cleaning: $95',
  'New patients are welcome, and we accept most dental insurance plans.',
].join('\n');

const converse = (digit: string, brief = BRIEF) => personaConversation(digit, brief);

describe('the sandbox model with each persona', () => {
  it('leads every person to a fitting outcome, then ends the call', () => {
    const outcomes = ['4', '5', '6', '7', '8', '9'].map((digit) => {
      const { tools } = converse(digit);
      expect(tools.at(-1)?.name).toBe('end_call');
      const recorded = tools.find((t) => t.name === 'record_outcome')?.args;
      return tools.some((t) => t.name === 'add_to_do_not_call') ? { outcome: 'do_not_call' } : recorded;
    });
    const tomorrowAtTen = expect.stringMatching(/^\d{4}-\d\d-\d\dT10:00:00Z$/);
    expect(outcomes).toEqual([
      { outcome: 'do_not_call' },
      { outcome: 'not_interested' },
      { outcome: 'appointment_booked', time: tomorrowAtTen },
      { outcome: 'interested' },
      // "Call me back tomorrow afternoon": 14:00 tomorrow on the callee's clock (UTC: the brief names none).
      { outcome: 'call_back_later', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT14:00:00\.000Z$/) },
      { outcome: 'interested' },
    ]);
  });

  it("answers from the campaign's scripts, documents and websites, so conversations differ by campaign", () => {
    const objector = converse('5').said;
    expect(objector[0]).toBe(BRIEF.scripts.rebuttals);
    expect(objector.at(-1)).toBe(BRIEF.scripts.notInterested);
    const questioner = converse('7').said;
    expect(questioner[0]).toBe(
      "I'm calling to see if you'd like to book an appointment. When did you last see a dentist?",
    );
    expect(questioner[1]).toBe("Yes, you'll find all the details on our website.");
    expect(questioner[2]).toBe('A check-up costs 80 dollars.');

    const bakery: AgentBrief = {
      ...BRIEF,
      businessName: 'Corner Bakery',
      goal: null,
      campaignType: 'Lead generation',
      scripts: { questions: 'Do you order bread for your cafe?' },
      documents: [],
      websites: [],
    };
    const other = converse('7', bakery).said;
    expect(other[0]).toBe("I'm calling about lead generation. Do you order bread for your cafe?");
    // A type of the list is said as what the call is about, not as its label.
    expect(converse('7', { ...bakery, campaignType: 'Book Appointment' }).said[0]).toBe(
      "I'm calling to see if you'd like to book an appointment. Do you order bread for your cafe?",
    );
    // Without a script for it, the objector is taken at their word at once.
    expect(converse('5', bakery).said).toEqual([
      'I understand. Thank you for your time, and have a good day.',
    ]);
  });

  it('answers a patient from the uploaded FAQ, opens with the reason in their terms, and speaks naturally', () => {
    const harbor: AgentBrief = {
      ...BRIEF,
      businessName: 'Harbor Dental Studio',
      agentName: 'Maya',
      campaignType: 'Book Appointment',
      goal: 'Book returning patients in for a teeth cleaning before the end of December.',
      scripts: {
        answering: 'Hi, this is Maya, an AI assistant calling on behalf of Harbor Dental Studio.',
        rebuttals: [
          '"I don\'t have time." - I understand. I can call back at a better time. When suits you?',
          '"I\'m not interested." - No problem. May I say in one sentence why I\'m calling, so you can decide?',
        ].join('\n'),
      },
      documents: [{ name: 'clinic-faq.txt', text: CLINIC_FAQ }],
      websites: ['https://harbordental.example'],
    };
    const questioner = converse('7', harbor).said;
    expect(questioner.slice(0, 3)).toEqual([
      "I'm calling to see if you'd like to book a teeth cleaning before the end of December.",
      "Yes, you'll find all the details on our website.",
      'A teeth cleaning is $95.',
    ]);
    // The first words after "Yes, speaking." say why the agent calls.
    expect(converse('8', harbor).said[0]).toBe(questioner[0]);
    expect(converse('5', harbor).said[0]).toBe(
      "No problem. May I say in one sentence why I'm calling, so you can decide?",
    );
    const ask = (question: string) =>
      agentReply([
        { role: 'system', content: writeAgentBriefFacts(harbor) },
        { role: 'user', content: question },
      ]).content;
    expect(ask('What are your opening hours?')).toBe(
      "We're open Monday to Friday 8 AM to 6 PM, and Saturday 9 AM to 1 PM.",
    );
    expect(ask('Where are you located?')).toBe(
      "We're at 120 Harbor Street, Suite 4, San Francisco, CA 94111.",
    );
    expect(ask('How much is a check-up with X-rays?')).toBe('A check-up with X-rays is $140.');
    for (const digit of ['4', '5', '6', '7', '8', '9'])
      for (const line of converse(digit, harbor).said) {
        expect(line).not.toMatch(/https?:|harbordental|www\.|["“”]|reach out/);
        expect(line).not.toContain('returning patients');
      }
  });

  it('answers someone who rang the business in their terms, never as if it called them', () => {
    const caller = converse('7', { ...BRIEF, direction: 'inbound' }).said;
    expect(caller[0]).toBe(
      'Happy to help. At Spring Dental Clinic I can help you with appointment setting. When did you last see a dentist?',
    );
    const interrupter = converse('9', { ...BRIEF, direction: 'inbound' }).said;
    expect(interrupter).toContain('This is Ava, an AI assistant answering calls for Spring Dental Clinic.');
    for (const digit of ['4', '5', '6', '7', '8', '9'])
      for (const line of converse(digit, { ...BRIEF, direction: 'inbound' }).said)
        expect(line).not.toMatch(/reach out|calling on behalf/);
  });
});
