import { describe, expect, it } from 'vitest';
import { SCRIPT_TYPES, type ScriptBrief } from '@ringcast/shared-types';
import { buildScriptPrompt } from '../services/scripts/prompt';
import { composeScript, readCampaignBrief } from './scriptTemplates';

const campaign: ScriptBrief = {
  name: 'Spring Checkups',
  type: 'appointment',
  goal: 'Book a cleaning before June',
  aiAgentName: 'Ava',
  aiAgentTone: 'friendly',
  companyWebsites: 'https://www.bright-smile.example/home',
};
const promptFor = (
  scriptType: (typeof SCRIPT_TYPES)[number],
  documents = [] as { name: string; text: string }[],
) => buildScriptPrompt({ scriptType, campaign, documents })[1].content;

describe('the OpenAI sandbox templates', () => {
  it('reads back what the prompt says', () => {
    const brief = readCampaignBrief(
      promptFor('questions', [{ name: 'a.txt', text: 'Line one.\nLine two.' }]),
    );
    expect(brief.scriptType).toBe('questions');
    expect(brief.details.get('Campaign name')).toBe('Spring Checkups');
    expect(brief.details.get('Campaign type')).toBe('Book Appointment');
    expect(brief.documents).toEqual([{ name: 'a.txt', text: 'Line one.\nLine two.' }]);
  });

  it('writes a different script per type, each naming the agent and the campaign', () => {
    const scripts = SCRIPT_TYPES.map((type) => composeScript(readCampaignBrief(promptFor(type))));
    expect(new Set(scripts).size).toBe(SCRIPT_TYPES.length);
    for (const script of scripts) {
      expect(script).toContain('Ava');
      expect(script).toContain('Spring Checkups');
    }
    expect(scripts[0]).toMatch(
      /^Hi there, great to catch you! This is Ava from Bright Smile, calling about Spring Checkups\./,
    );
  });

  it('is deterministic and uses the first sentence of the first document', () => {
    const prompt = promptFor('answering', [
      { name: 'offer.txt', text: 'Cleanings are 20% off in May. Call now!' },
    ]);
    const script = composeScript(readCampaignBrief(prompt));
    expect(script).toBe(composeScript(readCampaignBrief(prompt)));
    expect(script).toContain('One thing worth knowing: Cleanings are 20% off in May.');
    expect(script).not.toContain('Call now!');
  });

  it('fills placeholders when details are missing, and declines other prompts', () => {
    expect(
      composeScript(
        readCampaignBrief(buildScriptPrompt({ scriptType: 'voicemail', campaign: {} })[1].content),
      ),
    ).toContain('Hi, this is [Agent Name] from [Company Name], calling about [Campaign Name].');
    expect(composeScript(readCampaignBrief('Tell me a joke'))).toMatch(
      /^This sandbox writes Ringcast call scripts/,
    );
  });
});
