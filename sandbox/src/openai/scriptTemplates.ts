import {
  BRIEF_DOCUMENT_END,
  BRIEF_DOCUMENT_START,
  BRIEF_LABELS,
  SCRIPT_TYPES,
  type ScriptType,
} from '@ringcast/shared-types';
import { callReason, offerOf, whenOf } from './callReason';
import { bestFact, factsOf, spokenFact, stemsOf, overlap, type DocumentFact } from './documentFacts';

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
    ...prompt.matchAll(
      new RegExp(`${BRIEF_DOCUMENT_START}(.*?)>>>\\n([\\s\\S]*?)\\n${BRIEF_DOCUMENT_END}`, 'g'),
    ),
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

/** Said after the opening disclosure, in the agent's tone. */
const GREETINGS: Record<string, string> = {
  friendly: 'Great to catch you!',
  casual: 'How’s it going?',
  professional: 'Thank you for taking my call.',
  confident: 'I’ll be brief because I know your time matters.',
  empathetic: 'I hope your day is treating you kindly.',
};

/** "https://www.acme-dental.com/x" -> "Acme Dental"; null when there is no usable address. */
function companyFrom(websites: string | undefined): string | null {
  const first = websites?.split(',')[0]?.trim();
  if (!first) return null;
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
    return null;
  }
}

/** A custom goal such as "Invite clients to our open day" as the reason for the call. */
function purposeFrom(customType: string): string {
  const text = customType.trim().replace(/[.!]+$/, '');
  if (/^(to|about|for)\s/i.test(text)) return text.charAt(0).toLowerCase() + text.slice(1);
  return `to ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

/**
 * The documents are facts to draw on, never text to paste: the fact a script uses is said in a
 * sentence of its own (spokenFact), so a document's header, its web address or its layout never
 * reach a script.
 */
interface DrawnFacts {
  /** What the call offers, as the documents name it ("a teeth cleaning"), when the goal names it. */
  offer: string | null;
  /** When the goal wants it done ("before the end of December"). */
  when: string | null;
  /** "I'm calling to see if you'd like to book a teeth cleaning ...", when the goal names a priced item. */
  reason: string | null;
  /** The price of what the call offers ("A teeth cleaning is $95."). */
  price: string | null;
  /** A fact of the documents about what the goal is about ("Cleanings are 20% off in May."). */
  highlight: string | null;
  /** What the agent may be asked: prices, hours, the address and the rest, said as sentences. */
  answers: string[];
}

const SPOKEN_KINDS = new Set<DocumentFact['kind']>(['price', 'hours', 'address', 'other']);

function drawFacts(brief: CampaignBrief, campaignType: string, goal: string | undefined): DrawnFacts {
  const facts = factsOf(brief.documents);
  const reasonBrief = { campaignType, goal: goal ?? null, documents: brief.documents };
  const offer = offerOf(reasonBrief);
  const about = new Set(stemsOf(`${goal ?? ''} ${offer ?? ''}`));
  const price = offer ? bestFact(facts, 'price', offer) : null;
  const highlight = facts.find((f) => f.kind === 'other' && overlap(f, about) > 0);
  return {
    offer,
    when: whenOf(goal),
    reason: offer ? callReason(reasonBrief) : null,
    price: price ? spokenFact(price) : null,
    highlight: highlight ? spokenFact(highlight) : null,
    answers: facts
      .filter((f) => SPOKEN_KINDS.has(f.kind))
      .slice(0, 6)
      .map(spokenFact),
  };
}

const PEOPLE =
  /\b(patients?|clients?|customers?|members?|families|parents|students|homeowners|residents|guests)\b/i;
const BUSINESSES =
  /\b(business(es)?|compan(y|ies)|firms?|owners?|managers?|decision[- ]makers?|b2b|procurement|suppliers?|retailers?|restaurants|offices)\b/i;

/**
 * Whom the campaign calls: people for themselves (patients, clients), or people at businesses.
 * The audience notes say it best, then the goal; else the industry.
 */
function callsBusinesses(d: (label: string) => string | undefined): boolean {
  const notes = d(BRIEF_LABELS.audienceOther) ?? '';
  if (BUSINESSES.test(notes)) return true;
  const said = `${notes} ${d(BRIEF_LABELS.goal) ?? ''} ${d(BRIEF_LABELS.customType) ?? ''}`;
  if (PEOPLE.test(said)) return false;
  if (BUSINESSES.test(said)) return true;
  return ['Technology', 'Manufacturing', 'Consulting'].includes(d(BRIEF_LABELS.industry) ?? '');
}

/** Questions for someone called about their own needs (a patient, a client), by campaign type. */
function personQuestions(type: string | undefined, drawn: DrawnFacts): string[] {
  const visit = drawn.offer?.replace(/^an? /, '') ?? 'visit';
  switch (type) {
    case 'Book Appointment':
      return [
        `2. When was your last ${visit}?`,
        '3. Which days and times usually suit you best?',
        '4. Is there anything you would like us to know before you come in?',
        `5. Shall I book ${drawn.offer ?? 'a time'} for you${drawn.when ? ` ${drawn.when}` : ''}?`,
      ];
    case 'Get a Quote':
      return [
        '2. What would you like the quote to cover?',
        '3. When would you like to get started?',
        '4. What is the best way to send the quote to you?',
      ];
    case 'Customer Retention':
      return [
        '2. How has everything been going for you?',
        '3. Is there anything we could do better?',
        '4. Is there anything you need from us at the moment?',
      ];
    default:
      return [
        '2. What would be most helpful for you right now?',
        '3. Do you have any questions I can answer for you?',
        '4. Would a short follow-up call this week suit you?',
      ];
  }
}

/**
 * A script composed from the brief with a template per script type: same prompt, same script. It
 * is spoken as written, so a missing detail is worded around, never left as a placeholder; the
 * campaign's name is the owner's label for it and is never read out as if it were a product.
 */
export function composeScript(brief: CampaignBrief): string {
  const d = (label: string) => brief.details.get(label);
  const agent = d(BRIEF_LABELS.agentName);
  const company = d(BRIEF_LABELS.companyName) ?? companyFrom(d(BRIEF_LABELS.websites));
  const callback = d(BRIEF_LABELS.callbackNumber);
  const type = d(BRIEF_LABELS.type);
  const customType = d(BRIEF_LABELS.customType);
  const purpose = customType
    ? purposeFrom(customType)
    : (PURPOSES[type ?? ''] ?? 'about something we think you will find useful');
  const goal = d(BRIEF_LABELS.goal);
  const tone = d(BRIEF_LABELS.agentTone)?.split(',')[0]?.trim() ?? 'professional';
  const greeting = GREETINGS[tone] ?? GREETINGS.professional;
  const audience = [d(BRIEF_LABELS.industry), d(BRIEF_LABELS.ageRange)].filter(Boolean).join(', ');
  const drawn = drawFacts(brief, customType ?? type ?? '', goal);
  const fromCompany = company ? ` from ${company}` : '';
  const introduction = agent
    ? `This is ${agent}${fromCompany}.`
    : company
      ? `I'm calling from ${company}.`
      : null;
  const us = company ?? 'us';
  const callUsBack = callback
    ? `Please call us back at ${callback} at your convenience.`
    : 'Please call us back at this number at your convenience.';
  const nextStep =
    type === 'Book Appointment' ? 'to book a time that works for you' : 'a short follow-up call';
  const lines = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join('\n');

  switch (brief.scriptType) {
    case 'answering':
      // Who is calling comes first: the business, and that an AI assistant calls on its behalf.
      return lines(
        `Hi, this is ${agent ? `${agent}, ` : ''}an AI assistant calling${company ? ` on behalf of ${company}` : ''}. ${greeting}`,
        drawn.reason ?? `I'm calling ${purpose}.`,
        drawn.highlight,
        'Do you have two minutes to talk?',
      );
    case 'rebuttals':
      return lines(
        `"I don't have time." - I understand.${introduction ? ` ${introduction}` : ''} I can call back at a better time. When suits you?`,
        `"I'm not interested." - No problem. May I say in one sentence why I'm calling, so you can decide?`,
        `"We already have someone." - That's fine. Many people we speak with said the same and still found a short chat worthwhile.`,
        `"It sounds expensive." - ${drawn.price ? `${drawn.price} ` : ''}I'll make sure you have every detail before anything is decided.`,
        `"Send me an email." - Happy to. Which address should I use?`,
      );
    case 'questions':
      return callsBusinesses(d)
        ? lines(
            `Questions for ${agent ?? 'the agent'} to ask, one at a time:`,
            '1. Is now still a good time to talk for a couple of minutes?',
            '2. How are you handling this today?',
            '3. What would you most like to improve?',
            '4. Who else takes part in this decision?',
            `5. Would ${type === 'Book Appointment' ? 'an appointment' : 'a short follow-up call'} this week work for you?`,
          )
        : lines(
            `Questions for ${agent ?? 'the agent'} to ask, one at a time:`,
            '1. Is now a good time for a quick question or two?',
            ...personQuestions(type, drawn),
          );
    case 'afterAnswers':
      return lines(
        "Thank you, that's really helpful. Let me make sure I got it right.",
        drawn.price && `Just so you know, ${drawn.price.charAt(0).toLowerCase()}${drawn.price.slice(1)}`,
        `The next step is ${nextStep}. Shall I set that up now?`,
        'Let me confirm your best phone number and email before we finish.',
      );
    case 'notInterested':
      return lines(
        `I completely understand, and thank you for your time.${introduction ? ` ${introduction}` : ''}`,
        `If anything changes, you can reach ${us}${callback ? ` at ${callback}` : ''} any time.`,
        'Would you like me to take your number off our calling list?',
        'Have a wonderful day.',
      );
    case 'voicemail':
      return lines(
        agent
          ? `Hi, this is ${agent}${fromCompany}.`
          : company
            ? `Hi, this is ${company}.`
            : 'Hi, sorry I missed you.',
        drawn.reason ?? `I'm calling ${purpose}.`,
        `${callUsBack} Thank you, and have a great day!`,
      );
    case 'other':
      return lines(
        `You are ${agent ?? 'an AI voice agent'}, a ${tone} voice agent calling for ${company ?? 'the business'} in the campaign "${d(BRIEF_LABELS.name) ?? 'untitled'}".`,
        goal && `Goal of every call: ${goal}`,
        audience && `You are speaking with: ${audience}.`,
        callback && `If someone asks how to reach the business, give ${callback}.`,
        drawn.answers.length > 0 && `Facts to answer with, in your own words: ${drawn.answers.join(' ')}`,
        'Never read out a web address: say "on our website" instead.',
        'Never invent prices or promises. If you cannot answer a question, offer a callback from a person.',
        'End the call politely when asked, and note any request not to be called again.',
      );
    default:
      return 'This sandbox writes Ringcast call scripts; the prompt did not ask for one.';
  }
}
