import {
  BRIEF_DOCUMENT_END,
  BRIEF_DOCUMENT_START,
  BRIEF_LABELS,
  CAMPAIGN_TYPE_LABELS,
  formatPhone,
  INDUSTRIES,
  type CampaignType,
  type ScriptBrief,
  type ScriptSender,
  type ScriptType,
} from '@ringcast/shared-types';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface ReferenceDocument {
  name: string;
  text: string;
}

/** Document text sent with one request, in all: enough for a brochure, well under any body limit. */
export const MAX_DOCUMENT_CHARS = 20_000;

/** What each script is for, in the words the model is given. */
export const SCRIPT_BRIEFS: Record<ScriptType, { title: string; instruction: string }> = {
  answering: {
    title: 'answering script',
    instruction:
      'What the agent says as soon as the call is answered. The first sentence must name the business (the company name in the campaign details) and say that you are an AI assistant calling on its behalf; then greet the person, say why you are calling and ask one opening question.',
  },
  rebuttals: {
    title: 'rebuttals',
    instruction:
      'Short answers to the objections people raise most (no time, not interested yet, already have someone, too expensive, send me an email), each one steering politely back to the goal.',
  },
  questions: {
    title: 'qualifying questions',
    instruction:
      'The questions the agent asks to understand the person’s needs, one per line, in a natural order. ' +
      'Fit them to who is called and to the business: a patient or customer is asked about their own needs, ' +
      'timing and preferences (their last visit, the days that suit them), never about colleagues, budgets or a ' +
      'decision process; ask about a company’s decision process only when the audience is businesses.',
  },
  afterAnswers: {
    title: 'after-answers script',
    instruction:
      'What the agent says once the questions are answered: sum up what was heard, propose the next step toward the goal and confirm the details.',
  },
  notInterested: {
    title: 'not-interested script',
    instruction:
      'A polite close for someone who is not interested: thank them, leave the door open and offer to take them off the list.',
  },
  voicemail: {
    title: 'voicemail message',
    instruction:
      'A voicemail under 30 seconds: who is calling, why, and how to call back, giving the callback number from the campaign details digit for digit.',
  },
  other: {
    title: 'additional instructions',
    instruction:
      'Instructions for the agent itself: what to do and avoid, how to handle questions it cannot answer, and when to offer a human callback.',
  },
};

const SYSTEM_PROMPT = [
  'You write call scripts for an AI voice agent that phones people on behalf of a business.',
  'Write only what the agent says or does, as plain text without markdown or headings.',
  'Keep sentences short and natural to say aloud, and match the agent’s name and tone.',
  'Say the company name and the callback number exactly as the campaign details give them.',
  'Never invent prices, offers or facts that are not in the campaign details or the documents.',
  'The documents are facts to draw on, not text to paste: say a fact in a sentence of your own (for example',
  '"a teeth cleaning is $95"), and never copy a document’s title, header or labelled lines (Website:, Address:,',
  'Opening hours:) into a script.',
  'Never put a web address in a script, since the agent would read it out: say "on our website".',
  'The campaign goal is written for the agent: say the reason for the call in the person’s terms, what is in',
  'it for them, never the goal word for word.',
  'The script is spoken as written, so never leave placeholders, square brackets or blanks to fill in;',
  'where a detail is missing, word the sentence so it is not needed (for example "our team", or',
  '"call us back at this number").',
].join(' ');

const industryLabel = (value: string) => INDUSTRIES.find((label) => label.toLowerCase() === value) ?? value;

/** One URL per line in the wizard; a comma-separated list in the prompt. */
export const websiteList = (websites: string | null | undefined) =>
  (websites ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** Keeps the documents' text within MAX_DOCUMENT_CHARS, earlier documents first. */
export function clipDocuments(
  documents: ReferenceDocument[],
  budget = MAX_DOCUMENT_CHARS,
): ReferenceDocument[] {
  const kept: ReferenceDocument[] = [];
  let left = budget;
  for (const doc of documents) {
    const text = doc.text.trim();
    if (!text || left <= 0) continue;
    kept.push({ name: doc.name, text: text.slice(0, left) });
    left -= Math.min(text.length, left);
  }
  return kept;
}

function detailLines(campaign: ScriptBrief, sender: ScriptSender): string[] {
  const websites = websiteList(campaign.companyWebsites);
  const entries: [string, string | null | undefined][] = [
    [BRIEF_LABELS.companyName, sender.companyName],
    // Spoken as people say it: the profile stores E.164.
    [BRIEF_LABELS.callbackNumber, sender.phoneNumber ? formatPhone(sender.phoneNumber) : null],
    [BRIEF_LABELS.name, campaign.name],
    [BRIEF_LABELS.type, campaign.type ? CAMPAIGN_TYPE_LABELS[campaign.type as CampaignType] : null],
    [BRIEF_LABELS.customType, campaign.type === 'other' ? campaign.customType : null],
    [BRIEF_LABELS.goal, campaign.goal],
    [BRIEF_LABELS.industry, campaign.audienceIndustry ? industryLabel(campaign.audienceIndustry) : null],
    [BRIEF_LABELS.ageRange, campaign.audienceAgeRange],
    [BRIEF_LABELS.audienceOther, campaign.audienceOther],
    [BRIEF_LABELS.agentName, campaign.aiAgentName],
    [BRIEF_LABELS.agentVoice, campaign.aiAgentVoice],
    [
      BRIEF_LABELS.agentTone,
      campaign.aiAgentTone
        ?.split(',')
        .map((t) => t.trim())
        .filter(Boolean)
        .join(', '),
    ],
    [BRIEF_LABELS.websites, websites.join(', ')],
  ];
  // One line per value: line breaks inside a value would break the block apart.
  return entries
    .filter(([, value]) => value && value.trim())
    .map(([label, value]) => `${label}: ${value!.replace(/\s*\r?\n\s*/g, ' ').trim()}`);
}

/**
 * The chat messages asking for one script of a campaign, from the draft, the owner's company name
 * and phone (the profile's), and the text documents.
 */
export function buildScriptPrompt(input: {
  scriptType: ScriptType;
  campaign: ScriptBrief;
  sender?: ScriptSender;
  documents?: ReferenceDocument[];
}): ChatMessage[] {
  const brief = SCRIPT_BRIEFS[input.scriptType];
  const details = detailLines(input.campaign, input.sender ?? {});
  const documents = clipDocuments(input.documents ?? []);
  const parts = [
    `Write the ${brief.title} for this phone campaign.`,
    `${BRIEF_LABELS.scriptType}: ${input.scriptType}`,
    brief.instruction,
    '',
    'Campaign details:',
    ...(details.length ? details : ['(none given yet)']),
  ];
  if (documents.length) {
    parts.push(
      '',
      'Reference documents from the business (facts to draw on in your own words; never copy their headers, labels or web addresses):',
    );
    for (const doc of documents)
      parts.push(`${BRIEF_DOCUMENT_START}${doc.name}>>>`, doc.text, BRIEF_DOCUMENT_END);
  }
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: parts.join('\n') },
  ];
}
