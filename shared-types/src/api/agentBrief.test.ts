import { describe, expect, it } from 'vitest';
import { readAgentBriefFacts, writeAgentBriefFacts, type AgentBrief } from './agentBrief';

const brief: AgentBrief = {
  direction: 'outbound',
  businessName: 'Spring Dental Clinic',
  callbackNumber: '(212) 555-0188',
  agentName: 'Ava',
  tones: 'friendly, professional',
  campaignType: 'Book Appointment',
  goal: 'Book annual checkups',
  audience: 'healthcare, 26-35',
  scripts: {
    answering: 'Hi, this is Ava, an AI assistant calling for Spring Dental Clinic.',
    rebuttals: 'It only takes a minute.\nWe have evening slots too.',
  },
  documents: [{ name: 'hours.txt', text: 'We are open 9 to 5, Monday to Friday.' }],
  websites: ['https://clinic.example', 'https://clinic.example/book'],
};

describe('agent brief facts', () => {
  it('reads back what was written, inside longer instructions', () => {
    const instructions = `You are a voice agent.\n\n${writeAgentBriefFacts(brief)}\n`;
    expect(readAgentBriefFacts(instructions)).toEqual(brief);
  });

  it('is null for instructions without facts', () => {
    expect(readAgentBriefFacts('Write a script.')).toBeNull();
  });
});
