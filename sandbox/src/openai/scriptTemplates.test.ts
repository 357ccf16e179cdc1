import { describe, expect, it } from 'vitest';
import {
  BRIEF_DOCUMENT_END,
  BRIEF_DOCUMENT_START,
  BRIEF_LABELS,
  SCRIPT_FIELDS,
  SCRIPT_TYPES,
  scriptPlaceholders,
  type ScriptType,
} from '@ringcast/shared-types';
import { composeScript, readCampaignBrief } from './scriptTemplates';

const CAMPAIGN: [string, string][] = [
  [BRIEF_LABELS.name, 'Spring Checkups'],
  [BRIEF_LABELS.type, 'Book Appointment'],
  [BRIEF_LABELS.goal, 'Book a cleaning before June'],
  [BRIEF_LABELS.agentName, 'Ava'],
  [BRIEF_LABELS.agentTone, 'friendly'],
  [BRIEF_LABELS.websites, 'https://www.bright-smile.example/home'],
];
/** The owner's profile, as the prompt adds it. */
const SENDER: [string, string][] = [
  [BRIEF_LABELS.companyName, 'Spring Dental Clinic'],
  [BRIEF_LABELS.callbackNumber, '(212) 555-0100'],
];

/** A prompt as our script prompt spells it (services/scripts/prompt.test.ts checks that it does). */
const promptFor = (
  scriptType: ScriptType,
  documents = [] as { name: string; text: string }[],
  details: [string, string][] = [...SENDER, ...CAMPAIGN],
) =>
  [
    'Write the script for this phone campaign.',
    `${BRIEF_LABELS.scriptType}: ${scriptType}`,
    'Campaign details:',
    ...details.map(([label, value]) => `${label}: ${value}`),
    ...documents.flatMap((doc) => [`${BRIEF_DOCUMENT_START}${doc.name}>>>`, doc.text, BRIEF_DOCUMENT_END]),
  ].join('\n');
const scriptFor = (...args: Parameters<typeof promptFor>) =>
  composeScript(readCampaignBrief(promptFor(...args)));
const PLACEHOLDER = /\[[^\]]*\]/;
/** The FAQ a dental practice uploads: a header, then its facts. */
const CLINIC_FAQ = [
  'Harbor Dental Studio - patient FAQ',
  'Website: https://harbordental.example',
  'Address: 120 Harbor Street, Suite 4, San Francisco, CA 94111',
  'Opening hours: Monday to Friday 8:00-18:00, Saturday 9:00-13:00.',
  'Teeth cleaning: $95',
  'Check-up with X-rays: $140',
].join('\n');

describe('the OpenAI sandbox templates', () => {
  it('reads the labelled details, the script type and the documents', () => {
    const brief = readCampaignBrief(
      promptFor('questions', [{ name: 'a.txt', text: 'Line one.\nLine two.' }]),
    );
    expect(brief.scriptType).toBe('questions');
    expect(brief.details.get('Campaign name')).toBe('Spring Checkups');
    expect(brief.details.get('Campaign type')).toBe('Book Appointment');
    expect(brief.details.get('Company name')).toBe('Spring Dental Clinic');
    expect(brief.documents).toEqual([{ name: 'a.txt', text: 'Line one.\nLine two.' }]);
  });

  it("writes a different script per type, in the profile company's name, never reading out the campaign name", () => {
    const scripts = SCRIPT_TYPES.map((type) => scriptFor(type));
    expect(new Set(scripts).size).toBe(SCRIPT_TYPES.length);
    for (const script of scripts) expect(script).not.toMatch(PLACEHOLDER);
    for (const type of ['rebuttals', 'notInterested', 'voicemail'] as const) {
      expect(scriptFor(type)).toContain('is Ava from Spring Dental Clinic.');
    }
    // The answering script opens with the business and that an AI assistant calls for it.
    expect(scriptFor('answering')).toBe(
      [
        'Hi, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic. Great to catch you!',
        "I'm calling to set up a short appointment that suits you.",
        'Do you have two minutes to talk?',
      ].join('\n'),
    );
    expect(scriptFor('voicemail')).toContain('Please call us back at (212) 555-0100 at your convenience.');
    // The campaign's name is the owner's label: only the agent's own instructions mention it.
    for (const type of SCRIPT_TYPES.filter((t) => t !== 'other')) {
      expect(scriptFor(type)).not.toContain('Spring Checkups');
    }
    expect(scriptFor('other')).toContain('in the campaign "Spring Checkups"');
  });

  it('falls back to the website for the company, and words around a missing phone number', () => {
    const noProfile = scriptFor('voicemail', [], CAMPAIGN);
    expect(noProfile).toMatch(/^Hi, this is Ava from Bright Smile\./);
    expect(noProfile).toContain('Please call us back at this number at your convenience.');
  });

  it("is deterministic and draws on the document's fact about the goal, in a sentence of its own", () => {
    const prompt = promptFor('answering', [
      { name: 'offer.txt', text: 'Cleanings are 20% off in May. Call now!' },
    ]);
    const script = composeScript(readCampaignBrief(prompt));
    expect(script).toBe(composeScript(readCampaignBrief(prompt)));
    expect(script.split('\n')).toContain('Cleanings are 20% off in May.');
    expect(script).not.toContain('Call now!');
  });

  it("uses an FAQ's facts, never its header or web address, and asks a patient a patient's questions", () => {
    const harbor: [string, string][] = [
      [BRIEF_LABELS.companyName, 'Harbor Dental Studio'],
      [BRIEF_LABELS.callbackNumber, '(646) 555-0116'],
      [BRIEF_LABELS.name, 'December cleanings'],
      [BRIEF_LABELS.type, 'Book Appointment'],
      [BRIEF_LABELS.goal, 'Book returning patients in for a teeth cleaning before the end of December.'],
      [BRIEF_LABELS.industry, 'Healthcare'],
      [BRIEF_LABELS.agentName, 'Maya'],
      [BRIEF_LABELS.websites, 'https://harbordental.example'],
    ];
    const faq = [{ name: 'clinic-faq.txt', text: CLINIC_FAQ }];
    const scripts = Object.fromEntries(SCRIPT_TYPES.map((t) => [t, scriptFor(t, faq, harbor)])) as Record<
      ScriptType,
      string
    >;
    for (const type of SCRIPT_TYPES)
      expect(scripts[type], type).not.toMatch(
        /patient FAQ|Website:|Address:|Opening hours:|https?:|harbordental/,
      );
    // The check the wizard and checkout show finds nothing to fix.
    expect(
      scriptPlaceholders(Object.fromEntries(SCRIPT_TYPES.map((t) => [SCRIPT_FIELDS[t], scripts[t]]))),
    ).toEqual([]);
    expect(scripts.answering).toContain(
      "I'm calling to see if you'd like to book a teeth cleaning before the end of December.",
    );
    expect(scripts.afterAnswers).toContain('Just so you know, a teeth cleaning is $95.');
    expect(scripts.rebuttals).toContain('"It sounds expensive." - A teeth cleaning is $95.');
    expect(scripts.other).toContain("We're open Monday to Friday 8 AM to 6 PM, and Saturday 9 AM to 1 PM.");
    expect(scripts.questions).toContain('When was your last teeth cleaning?');
    expect(scripts.questions).toContain('Shall I book a teeth cleaning for you before the end of December?');
    expect(scripts.questions).not.toContain('Who else takes part in this decision?');

    // Calling businesses, the questions are a business's.
    const offices = scriptFor('questions', [], [...harbor, [BRIEF_LABELS.audienceOther, 'Office managers']]);
    expect(offices).toContain('Who else takes part in this decision?');
  });

  it('leaves no placeholder when nothing is known, and declines other prompts', () => {
    for (const scriptType of SCRIPT_TYPES) {
      expect(scriptFor(scriptType, [], []), scriptType).not.toMatch(PLACEHOLDER);
    }
    expect(composeScript(readCampaignBrief('Tell me a joke'))).toMatch(
      /^This sandbox writes Ringcast call scripts/,
    );
  });

  it('reads a custom goal as the reason for the call', () => {
    const custom = scriptFor(
      'answering',
      [],
      [...SENDER, [BRIEF_LABELS.customType, 'Invite clients to our open day']],
    );
    expect(custom).toContain("I'm calling to invite clients to our open day.");
  });
});
