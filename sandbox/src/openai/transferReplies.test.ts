import { describe, expect, it } from 'vitest';
import {
  TRANSFER_FALLBACK_GREETING,
  TRANSFER_TOOL_MESSAGES,
  agentToolDefinitions,
  type AgentBrief,
} from '@ringcast/shared-types';
import { personaConversation, type ToolAnswer } from './personaConversation';
import { callBackAt } from './callBackTime';
import { asksForAPerson, transferLabelsOf, transferReplyTo } from './transferReplies';

const BRIEF: AgentBrief = {
  direction: 'outbound',
  businessName: 'Spring Dental Clinic',
  callbackNumber: '+12125550188',
  agentName: 'Ava',
  tones: 'friendly',
  campaignType: 'Appointment setting',
  goal: 'Fill the spring check-up calendar.',
  audience: null,
  scripts: { questions: 'When did you last see a dentist?' },
  documents: [{ name: 'prices.txt', text: 'A check-up costs 80 dollars.' }],
  websites: ['https://spring-dental.example'],
};

/** The tools our agent sends a campaign with these transfer destinations. */
const toolsWith = (...labels: string[]) => agentToolDefinitions(false, labels) as never;

const converse = (digits: string, answer?: ToolAnswer, options = {}) =>
  personaConversation(digits, BRIEF, answer, { tools: toolsWith('Sales', 'Billing'), ...options });

const MESSAGE = 'please ask someone to call me back tomorrow morning about the pricing';
/** 10:00 tomorrow on the callee's clock (UTC: the brief names no zone). */
const tomorrowAtTen = expect.stringMatching(/^\d{4}-\d\d-\d\dT10:00:00\+00:00$/);

describe('the sandbox model transfers a caller who asks for a person', () => {
  it('answers the questions of 17, then connects them to the first destination when they ask for a person', () => {
    const { tools, said } = converse('17');
    expect(said.slice(0, 3)).toEqual([
      "I'm calling to see if you'd like to book an appointment. When did you last see a dentist?",
      "Yes, you'll find all the details on our website.",
      'A check-up costs 80 dollars.',
    ]);
    expect(said.at(-1)).toBe("Of course, I'm connecting you now.");
    expect(tools.map((t) => t.name)).toEqual(['transfer_call']);
    expect(tools[0]!.args).toEqual({
      destination: 'Sales',
      reason: 'asked for a person after asking: How much does it cost?',
    });
  });

  it('transfers to the destination the caller names', () => {
    const { tools } = personaConversation('17', BRIEF, undefined, { tools: toolsWith('Support', 'Sales') });
    expect(tools[0]!.args).toMatchObject({ destination: 'Support' });
    // Asked without a question mark, the reason still names the question before.
    const asked = transferReplyTo(
      ['Sales'],
      [
        { role: 'user', content: 'How much does it cost?' },
        { role: 'assistant', content: 'A check-up costs 80 dollars.' },
        { role: 'user', content: 'I want to talk to a human.' },
      ],
      'I want to talk to a human.',
    );
    expect(JSON.parse(asked!.toolCalls[0]!.arguments)).toEqual({
      destination: 'Sales',
      reason: 'asked for a person after asking: How much does it cost?',
    });
    expect(asksForAPerson('Could I talk to someone in sales?')).toBe(true);
    expect(asksForAPerson('I want to talk to a human.')).toBe(true);
    expect(asksForAPerson("I'd like to speak with a manager.")).toBe(true);
    expect(asksForAPerson('How much does it cost?')).toBe(false);
  });

  it('takes a message when the destination is closed: apologises, reads it back, records call_back_later, ends', () => {
    const closed: ToolAnswer = (name) =>
      name === 'transfer_call' ? { ok: false, error: TRANSFER_TOOL_MESSAGES.outsideHours } : { ok: true };
    const { tools, said } = converse('17', closed);
    expect(tools.map((t) => t.name)).toEqual(['transfer_call', 'record_outcome', 'end_call']);
    expect(said).toContain(TRANSFER_FALLBACK_GREETING);
    expect(said).toContain(
      "Thank you. I'll pass on your message: ask someone to call you back tomorrow morning about the pricing.",
    );
    expect(tools[1]!.args).toEqual({ outcome: 'call_back_later', time: tomorrowAtTen, note: MESSAGE });
  });

  it('takes the message of a session that opens with the fallback greeting, whoever calls', () => {
    for (const digits of ['17', '6', '9']) {
      const { tools } = converse(digits, undefined, { greeting: TRANSFER_FALLBACK_GREETING });
      expect(tools.map((t) => t.name)).toEqual(['record_outcome', 'end_call']);
      expect(tools[0]!.args).toEqual({ outcome: 'call_back_later', time: tomorrowAtTen, note: MESSAGE });
    }
  });

  it('keeps 7 (without the 1) and the others as they were, and offers no transfer without the tool', () => {
    const questioner = converse('7');
    expect(questioner.tools.map((t) => t.name)).toEqual(['record_outcome', 'end_call']);
    expect(questioner.tools[0]!.args).toEqual({ outcome: 'interested' });
    const noTool = personaConversation('17', BRIEF);
    expect(noTool.tools.some((t) => t.name === 'transfer_call')).toBe(false);
  });
});

describe('transferLabelsOf', () => {
  it("reads transfer_call's destinations from the tools sent, none without it", () => {
    expect(transferLabelsOf(toolsWith('Sales', 'Office'))).toEqual(['Sales', 'Office']);
    expect(transferLabelsOf(toolsWith())).toEqual([]);
    expect(transferLabelsOf(undefined)).toEqual([]);
  });
});

describe('callBackAt', () => {
  const now = Date.parse('2026-12-07T17:05:00Z');
  it.each([
    ['tomorrow morning', 'America/Los_Angeles', '2026-12-08T10:00:00-08:00'],
    ['this afternoon', 'America/New_York', '2026-12-07T14:00:00-05:00'],
    ['next week', 'UTC', '2026-12-14T10:00:00+00:00'],
    ['tomorrow evening', 'Europe/Berlin', '2026-12-08T18:00:00+01:00'],
    // Past on their clock already (18:05 in Berlin): the next morning.
    ['this morning', 'Europe/Berlin', '2026-12-08T10:00:00+01:00'],
    ['whenever suits', 'UTC', '2026-12-08T10:00:00+00:00'],
  ])('%s in %s', (words, zone, expected) => {
    expect(callBackAt(words, zone, now)).toBe(expected);
  });
});
