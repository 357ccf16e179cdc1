import { describe, expect, it } from 'vitest';
import { SCRIPT_TYPES, type ScriptBrief } from '@ringcast/shared-types';
import { readCampaignBrief } from '@ringcast/sandbox/testing';
import { buildScriptPrompt, clipDocuments, MAX_DOCUMENT_CHARS, websiteList } from './prompt';

const campaign: ScriptBrief = {
  name: 'Spring Checkups',
  type: 'other',
  customType: 'Remind patients about dental cleanings',
  goal: 'Book a cleaning\nbefore June',
  audienceIndustry: 'healthcare',
  audienceAgeRange: '26-35',
  audienceOther: null,
  aiAgentName: 'Ava',
  aiAgentVoice: 'female',
  aiAgentTone: 'friendly,professional',
  companyWebsites: 'https://brightsmile.example\n\n  https://brightsmile.example/prices  ',
};

const userMessage = (...args: Parameters<typeof buildScriptPrompt>) => buildScriptPrompt(...args)[1].content;

describe('buildScriptPrompt', () => {
  it('has a system message and a user message naming the script type and its purpose', () => {
    const messages = buildScriptPrompt({ scriptType: 'voicemail', campaign });
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0].content).toContain('Never invent prices');
    expect(messages[0].content).toContain('never leave placeholders, square brackets or blanks to fill in');
    expect(messages[0].content).not.toMatch(/\[Company Name\]/);
    expect(messages[1].content).toMatch(
      /^Write the voicemail message for this phone campaign\.\nScript type: voicemail\n/,
    );
    expect(messages[1].content).toContain('under 30 seconds');
    expect(messages[1].content).toContain(
      'giving the callback number from the campaign details digit for digit',
    );
  });

  it('has the documents used as facts, never pasted, no URL in a script, and questions that fit who is called', () => {
    const [system, user] = buildScriptPrompt({
      scriptType: 'questions',
      campaign,
      documents: [{ name: 'faq.txt', text: 'Website: https://harbordental.example\nTeeth cleaning: $95' }],
    });
    expect(system!.content).toContain('The documents are facts to draw on, not text to paste');
    expect(system!.content).toContain('never copy a document’s title, header or labelled lines');
    expect(system!.content).toContain('Never put a web address in a script');
    expect(system!.content).toContain('never the goal word for word');
    expect(user!.content).toContain('never copy their headers, labels or web addresses');
    expect(user!.content).toContain(
      'a patient or customer is asked about their own needs, timing and preferences',
    );
  });

  it('asks the answering script to open with the business and that an AI assistant is calling for it', () => {
    expect(userMessage({ scriptType: 'answering', campaign })).toContain(
      'The first sentence must name the business (the company name in the campaign details) and say that you are an AI assistant calling on its behalf',
    );
  });

  it('lists the campaign details as labelled single lines, with display labels', () => {
    const text = userMessage({
      scriptType: 'answering',
      campaign,
      sender: { companyName: 'Bright Smile Dental', phoneNumber: '(212) 555-0100' },
    });
    expect(text).toContain(
      [
        'Campaign details:',
        'Company name: Bright Smile Dental',
        'Callback number: (212) 555-0100',
        'Campaign name: Spring Checkups',
        'Campaign type: Other',
        'Custom goal: Remind patients about dental cleanings',
        'Campaign goal: Book a cleaning before June',
        'Audience industry: Healthcare',
        'Audience age range: 26-35',
        'AI agent name: Ava',
        'AI agent voice: female',
        'AI agent tone: friendly, professional',
        'Company websites: https://brightsmile.example, https://brightsmile.example/prices',
      ].join('\n'),
    );
    expect(text).not.toContain('Audience notes');
  });

  it('leaves out the custom goal unless the type is other, and says when nothing is known', () => {
    expect(
      userMessage({ scriptType: 'rebuttals', campaign: { ...campaign, type: 'quote' as const } }),
    ).not.toContain('Custom goal');
    expect(userMessage({ scriptType: 'rebuttals', campaign: {} })).toContain(
      'Campaign details:\n(none given yet)',
    );
    expect(userMessage({ scriptType: 'rebuttals', campaign: {}, sender: { companyName: ' ' } })).toContain(
      'Campaign details:\n(none given yet)',
    );
  });

  it('has its own instruction for each of the seven script types', () => {
    const instructions = SCRIPT_TYPES.map(
      (scriptType) => userMessage({ scriptType, campaign }).split('\n')[2],
    );
    expect(new Set(instructions).size).toBe(SCRIPT_TYPES.length);
  });

  it('adds the documents’ text, and no documents section without any', () => {
    const text = userMessage({
      scriptType: 'answering',
      campaign,
      documents: [{ name: 'offer.txt', text: '  Cleanings are 20% off in May.  ' }],
    });
    expect(text).toContain('<<<document: offer.txt>>>\nCleanings are 20% off in May.\n<<<end of document>>>');
    expect(userMessage({ scriptType: 'answering', campaign, documents: [] })).not.toContain(
      'Reference documents',
    );
  });
});

describe('clipDocuments', () => {
  it('keeps documents within the budget, earlier first, and drops blank ones', () => {
    const long = 'x'.repeat(MAX_DOCUMENT_CHARS - 10);
    const kept = clipDocuments([
      { name: 'blank.txt', text: '   ' },
      { name: 'a.txt', text: long },
      { name: 'b.txt', text: 'y'.repeat(50) },
      { name: 'c.txt', text: 'z' },
    ]);
    expect(kept.map((d) => [d.name, d.text.length])).toEqual([
      ['a.txt', MAX_DOCUMENT_CHARS - 10],
      ['b.txt', 10],
    ]);
  });
});

describe('websiteList', () => {
  it('reads one URL per line, ignoring blank lines and spaces', () => {
    expect(websiteList(' a.com \r\n\nb.com')).toEqual(['a.com', 'b.com']);
    expect(websiteList(null)).toEqual([]);
  });
});

describe('the OpenAI sandbox', () => {
  it('reads back what the prompt says', () => {
    const brief = readCampaignBrief(
      userMessage({
        scriptType: 'questions',
        campaign: { ...campaign, type: 'appointment' },
        documents: [{ name: 'a.txt', text: 'Line one.\nLine two.' }],
      }),
    );
    expect(brief.scriptType).toBe('questions');
    expect(brief.details.get('Campaign name')).toBe('Spring Checkups');
    expect(brief.details.get('Campaign type')).toBe('Book Appointment');
    expect(brief.documents).toEqual([{ name: 'a.txt', text: 'Line one.\nLine two.' }]);
  });
});
