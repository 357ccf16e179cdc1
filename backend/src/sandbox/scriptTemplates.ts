import { SCRIPT_TYPES, type ScriptType } from '@ringcast/shared-types';
import { BRIEF_LABELS, DOCUMENT_END, DOCUMENT_START } from '../services/scripts/prompt';

/** What the sandbox reads back from a script prompt. */
export interface CampaignBrief {
  scriptType: ScriptType | null;
  details: Map<string, string>;
  documents: { name: string; text: string }[];
}

export function readCampaignBrief(prompt: string): CampaignBrief {
  const details = new Map<string, string>();
  let scriptType: ScriptType | null = null;
  for (const line of prompt.split('\n')) {
    const colon = line.indexOf(': ');
    if (colon < 0) continue;
    const label = line.slice(0, colon);
    const value = line.slice(colon + 2).trim();
    if (label === BRIEF_LABELS.scriptType) {
      scriptType = (SCRIPT_TYPES as readonly string[]).includes(value) ? (value as ScriptType) : null;
    } else if (!details.has(label)) details.set(label, value);
  }
  const documents = [
    ...prompt.matchAll(new RegExp(`${DOCUMENT_START}(.*?)>>>\\n([\\s\\S]*?)\\n${DOCUMENT_END}`, 'g')),
  ].map((m) => ({ name: m[1], text: m[2] }));
  return { scriptType, details, documents };
}

const PURPOSES: Record<string, string> = {
  'Book Appointment': 'to set up a short appointment that suits you',
  'Send Birthday Message': 'to wish you a very happy birthday',
  'Get a Quote': 'to offer you a free, no-obligation quote',
  'Customer Retention': 'to check in and make sure everything is going well for you',
  'Lead Follow-Up': 'to follow up on the interest you showed recently',
};

const GREETINGS: Record<string, string> = {
  friendly: 'Hi there, great to catch you!',
  casual: 'Hey, how’s it going?',
  professional: 'Good day, thank you for taking my call.',
  confident: 'Hello, I’ll be brief because I know your time matters.',
  empathetic: 'Hello, I hope your day is treating you kindly.',
};

/** "https://www.acme-dental.com/x" -> "Acme Dental". */
function companyFrom(websites: string | undefined): string {
  const first = websites?.split(',')[0]?.trim();
  if (!first) return '[Company Name]';
  try {
    const host = new URL(/^https?:\/\//i.test(first) ? first : `https://${first}`).hostname.replace(
      /^www\./,
      '',
    );
    const label = host.split('.')[0] ?? host;
    return label
      .split(/[-_]/)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ');
  } catch {
    return '[Company Name]';
  }
}

/** The first sentence of the first document: the fact the scripts lean on. */
function keyFact(documents: CampaignBrief['documents']): string | null {
  const text = documents[0]?.text.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  const sentence = /^(.{10,240}?[.!?])(\s|$)/.exec(text)?.[1] ?? text.slice(0, 240);
  return sentence.trim();
}

/** A script composed from the brief with a template per script type: same prompt, same script. */
export function composeScript(brief: CampaignBrief): string {
  const d = (label: string) => brief.details.get(label);
  const name = d(BRIEF_LABELS.name) ?? '[Campaign Name]';
  const agent = d(BRIEF_LABELS.agentName) ?? '[Agent Name]';
  const company = companyFrom(d(BRIEF_LABELS.websites));
  const type = d(BRIEF_LABELS.type);
  const purpose = d(BRIEF_LABELS.customType)
    ? `about ${d(BRIEF_LABELS.customType)}`
    : (PURPOSES[type ?? ''] ?? 'about something we think you will find useful');
  const goal = d(BRIEF_LABELS.goal);
  const tone = d(BRIEF_LABELS.agentTone)?.split(',')[0]?.trim() ?? 'professional';
  const greeting = GREETINGS[tone] ?? GREETINGS.professional;
  const audience = [d(BRIEF_LABELS.industry), d(BRIEF_LABELS.ageRange)].filter(Boolean).join(', ');
  const fact = keyFact(brief.documents);
  const factLine = fact ? `One thing worth knowing: ${fact}` : null;
  const lines = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join('\n');

  switch (brief.scriptType) {
    case 'answering':
      return lines(
        `${greeting} This is ${agent} from ${company}, calling about ${name}.`,
        `I'm reaching out ${purpose}.`,
        goal && `Our aim today: ${goal}`,
        factLine,
        'Do you have two minutes to talk?',
      );
    case 'rebuttals':
      return lines(
        `"I don't have time." - I understand. ${agent} here from ${company}; I can call back at a better time. When suits you?`,
        `"I'm not interested." - No problem. May I share in one sentence what ${name} offers, so you can decide?`,
        `"We already have someone." - That's great. Many of our clients said the same before ${name} saved them time.`,
        `"It sounds expensive." - I'll make sure you get exact figures before anything is decided.`,
        `"Send me an email." - Happy to. Which address should ${agent} use?`,
        factLine,
      );
    case 'questions':
      return lines(
        `${agent} (${name}) asks, one at a time:`,
        '1. Is now still a good time to talk for a couple of minutes?',
        `2. How are you handling this today${audience ? ` (we usually speak with ${audience})` : ''}?`,
        '3. What would you most like to improve?',
        '4. Who else takes part in this decision?',
        `5. Would a short follow-up ${type === 'Book Appointment' ? 'appointment' : 'call'} this week work for you?`,
      );
    case 'afterAnswers':
      return lines(
        `Thank you, that's really helpful. Let me make sure ${agent} got it right.`,
        `Based on what you said, ${name} fits well${goal ? `: ${goal}` : '.'}`,
        factLine,
        `The next step is ${type === 'Book Appointment' ? 'to book a time that works for you' : 'a short follow-up with our team'}. Shall I set that up now?`,
        'Let me confirm your best phone number and email before we finish.',
      );
    case 'notInterested':
      return lines(
        `I completely understand, and thank you for your time. This is ${agent} from ${company}.`,
        `If ${name} becomes relevant later, you can reach us any time.`,
        'Would you like me to take your number off our calling list?',
        'Have a wonderful day.',
      );
    case 'voicemail':
      return lines(
        `Hi, this is ${agent} from ${company}, calling about ${name}.`,
        `I'm reaching out ${purpose}.`,
        'Please call us back at [Callback Number] at your convenience. Thank you, and have a great day!',
      );
    case 'other':
      return lines(
        `You are ${agent}, a ${tone} AI voice agent for ${company}, running the campaign ${name}.`,
        goal && `Goal of every call: ${goal}`,
        audience && `You are speaking with: ${audience}.`,
        factLine,
        'Never invent prices or promises. If you cannot answer a question, offer a callback from a person.',
        'End the call politely when asked, and note any request not to be called again.',
      );
    default:
      return 'This sandbox writes Ringcast call scripts; the prompt did not ask for one.';
  }
}
