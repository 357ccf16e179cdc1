import {
  CAMPAIGN_TYPES,
  CAMPAIGN_TYPE_LABELS,
  asksNotToBeCalled,
  readAgentBriefFacts,
  type AgentBrief,
  type CampaignType,
} from '@ringcast/shared-types';
import type { SandboxReply } from './stream';
import { askedKind, bestFact, factsOf, speakable, spokenFact, stemsOf } from './documentFacts';
import { callBackInstant } from './callBackTime';
import { callReason } from './callReason';
import { afterBookingTool, bookingReplyTo, tomorrowAtTen } from './bookingReplies';
import {
  afterTransferTool,
  messageReplyTo,
  transferLabelsOf,
  transferReplyTo,
  type SandboxTool,
} from './transferReplies';

/** A chat message as the sandbox reads it. */
export interface SandboxMessage {
  role: string;
  content: string | null;
  tool_calls?: { function?: { name?: string; arguments?: string } }[];
}

const sentencesOf = (text: string | undefined) =>
  (text ?? '')
    .replace(/\s+/g, ' ')
    .match(/[^.!?]+[.!?]+/g)
    ?.map((s) => s.trim()) ?? [];

const firstSentences = (text: string | undefined, count: number) =>
  sentencesOf(text).slice(0, count).join(' ') || null;

const say = (content: string, ...toolCalls: SandboxReply['toolCalls']): SandboxReply => ({
  content,
  toolCalls,
});
const call = (name: string, args: object = {}) => ({ name, arguments: JSON.stringify(args) });
const tool = (...toolCalls: SandboxReply['toolCalls']): SandboxReply => ({ content: null, toolCalls });

const has = (text: string, pattern: RegExp) => pattern.test(text.toLowerCase());

/** When a callee asks to be called back (callBackTime.ts), in the brief's callee zone, else UTC. */
const callBackTime = (words: string, brief: AgentBrief) =>
  new Date(callBackInstant(words, brief.booking?.timeZone ?? 'UTC')).toISOString();

/**
 * The prepared answer to the objection heard. Scripts list them as `"Objection." - Answer` lines:
 * the answer to the objection sharing the most words with what was said is spoken, without the
 * objection or its quote marks. Prose is said as its first two sentences.
 */
function rebuttalFor(rebuttals: string | undefined, heard: string): string | null {
  const pairs = (rebuttals ?? '')
    .split(/\r?\n/)
    .map((line) => /^\s*(?:[-*•]|\d+[.)])?\s*["“](.+?)["”]\s*[-–—:]+\s*(.+)$/.exec(line))
    .filter((m): m is RegExpExecArray => Boolean(m))
    .map((m) => ({ objection: m[1]!, answer: m[2]!.trim() }));
  if (!pairs.length) return firstSentences(rebuttals, 2);
  const words = new Set(stemsOf(heard));
  const score = (objection: string) => stemsOf(objection).filter((w) => words.has(w)).length;
  const best = pairs.reduce((a, b) => (score(b.objection) > score(a.objection) ? b : a));
  return firstSentences(best.answer, 2);
}

/** What the model says once the tools it called have run: a closing that fits, then end_call. */
function afterTools(
  brief: AgentBrief,
  calls: { name: string; args: Record<string, unknown> }[],
): SandboxReply {
  const end = call('end_call', { reason: 'conversation over' });
  const outcome = calls.find((c) => c.name === 'record_outcome')?.args.outcome;
  if (calls.some((c) => c.name === 'add_to_do_not_call') || outcome === 'do_not_call')
    return say(
      "I'm sorry for the trouble. I've taken your number off our list, and you won't hear from us again. Goodbye.",
      end,
    );
  if (outcome === 'not_interested')
    return say(
      firstSentences(brief.scripts.notInterested, 2) ??
        'I understand. Thank you for your time, and have a good day.',
      end,
    );
  if (outcome === 'wrong_number') return say('My apologies for the mix-up. Have a good day.', end);
  if (outcome === 'call_back_later')
    return say(`Of course. Someone from ${brief.businessName} will call you back then. Goodbye.`, end);
  if (outcome === 'appointment_booked')
    return say(`You're all set for tomorrow at 10 AM with ${brief.businessName}. Thank you, goodbye!`, end);
  return say(
    firstSentences(brief.scripts.afterAnswers, 2) ?? 'Thank you, we will be in touch soon. Goodbye!',
    end,
  );
}

/**
 * An answer from the documents, as a capable model gives it: the fact the question asks for (a
 * price, the hours, the address), picked by the question and what the call is about (the goal:
 * "how much does it cost?" on a cleaning campaign is the cleaning's price), said in a sentence;
 * or else the sentence sharing the most words with the question. Never a web address.
 */
function answerFromDocuments(brief: AgentBrief, question: string): string | null {
  const facts = factsOf(brief.documents);
  const kind = askedKind(question);
  if (kind) {
    const fact = bestFact(facts, kind, `${question} ${question} ${brief.goal ?? ''} ${brief.campaignType}`);
    return fact ? spokenFact(fact) : null;
  }
  const asked = new Set(stemsOf(question));
  let best: { sentence: string; score: number } | null = null;
  for (const fact of facts.filter((f) => f.kind !== 'website')) {
    const score = stemsOf(`${fact.label ?? ''} ${fact.value}`).filter((w) => asked.has(w)).length;
    if (score > (best?.score ?? 0)) best = { sentence: spokenFact(fact), score };
  }
  return best?.sentence ?? null;
}

/** Whether the business has a website to point to (listed, or in its documents). */
const hasWebsite = (brief: AgentBrief) =>
  brief.websites.length > 0 || factsOf(brief.documents).some((f) => f.kind === 'website');

/** What a call of each type is about, as said to someone who rang the business ("I can help you with"). */
const CALLED_ABOUT: Record<Exclude<CampaignType, 'other'>, string> = {
  appointment: 'booking an appointment',
  birthday: 'your birthday',
  quote: 'a quote',
  retention: 'how we can keep serving you',
  'follow-up': 'following up on your interest',
};

/** The brief names the type by its label (or the owner's own words for "other"). */
const aboutOf = (typeLabel: string) => {
  const type = CAMPAIGN_TYPES.find((t) => CAMPAIGN_TYPE_LABELS[t] === typeLabel);
  return type && type !== 'other' ? CALLED_ABOUT[type] : typeLabel.toLowerCase();
};

/**
 * Why the agent calls, in the callee's terms (what is in it for them), then the script goes on.
 * The campaign's goal is the business's own aim, written for the agent ("Book returning patients
 * in ..."): never read out. Someone who rang the business was not reached out to: they hear what
 * the business can help them with.
 */
function purpose(brief: AgentBrief, spoken: string[]): SandboxReply {
  const why =
    brief.direction === 'inbound'
      ? `Happy to help. At ${brief.businessName} I can help you with ${aboutOf(brief.campaignType)}.`
      : brief.promisedCallback
        ? `You asked us to call you back, so here we are. ${callReason(brief)}`
        : callReason(brief);
  const next = nextQuestion(brief, spoken);
  return say(next ? `${why} ${next}` : why);
}

/** Whether the agent has said why it calls (after its greeting). */
const reasonGiven = (brief: AgentBrief, spoken: string[]) =>
  brief.direction === 'inbound' || spoken.some((said) => said.includes(callReason(brief)));

function answerQuestion(brief: AgentBrief, question: string, spoken: string[]): SandboxReply {
  if (has(question, /\b(who|which company|what company)\b.*\b(calling|this)\b|\bwho are you\b/)) {
    if (brief.direction === 'inbound')
      return say(`This is ${brief.agentName}, an AI assistant answering calls for ${brief.businessName}.`);
    const who = `This is ${brief.agentName}, an AI assistant calling on behalf of ${brief.businessName}.`;
    return say(reasonGiven(brief, spoken) ? who : `${who} ${callReason(brief)}`);
  }
  if (
    has(
      question,
      /\bwhat('s| is) (this|it) about\b|\bwhy are you calling\b|\bwhat (exactly )?do you (offer|do|sell)\b/,
    )
  )
    return purpose(brief, spoken);
  // A web address is never read out: the person hears where to look, not how to spell it.
  if (has(question, /\b(website|web site|online|read more)\b/) && hasWebsite(brief))
    return say("Yes, you'll find all the details on our website.");
  if (has(question, /\b(number|call you back|reach you)\b/))
    return say(
      brief.callbackNumber
        ? `You can reach ${brief.businessName} at ${brief.callbackNumber}.`
        : `${brief.businessName} will call you, so there's nothing you need to write down.`,
    );
  const fromDocuments = answerFromDocuments(brief, question);
  if (fromDocuments) return say(fromDocuments);
  return say(
    `I don't have that in front of me, but someone from ${brief.businessName} will follow up with the details.`,
  );
}

/** The next script question not asked yet. */
function nextQuestion(brief: AgentBrief, spoken: string[]): string | undefined {
  const questions = sentencesOf(brief.scripts.questions).filter((s) => s.endsWith('?'));
  return questions.find((q) => !spoken.some((said) => said.includes(q)));
}

/**
 * The reason for the call while it is not said yet, else the next script question not asked yet,
 * or the close of the script.
 */
function nextStep(brief: AgentBrief, spoken: string[]): SandboxReply {
  if (!reasonGiven(brief, spoken)) return purpose(brief, spoken);
  const next = nextQuestion(brief, spoken);
  if (next) return say(`Thank you. ${next}`);
  return say(firstSentences(brief.scripts.afterAnswers, 1) ?? 'Would you like me to book a time for you?');
}

/**
 * The sandbox model's reply to an agent conversation, derived from the campaign's facts and
 * scripts in the system message, the tools it was given and what the caller said: deterministic,
 * so every sandbox call reads like a conversation and ends in an outcome.
 */
export function agentReply(messages: SandboxMessage[], tools?: SandboxTool[]): SandboxReply {
  const reply = replyTo(messages, transferLabelsOf(tools));
  // Whatever the scripts hold, the model says it as speech: no web address, no quote marks.
  return reply.content ? { ...reply, content: speakable(reply.content) } : reply;
}

function replyTo(messages: SandboxMessage[], transferLabels: string[]): SandboxReply {
  const system = messages.find((m) => m.role === 'system' || m.role === 'developer')?.content ?? '';
  const brief = readAgentBriefFacts(system);
  if (!brief) return say("I'm sorry, could you say that again?");
  const last = messages[messages.length - 1];
  if (last?.role === 'tool') {
    const lastAsked = [...messages].reverse().find((m) => m.role === 'assistant' && m.tool_calls?.length);
    const calls = (lastAsked?.tool_calls ?? []).map((c) => ({
      name: c.function?.name ?? '',
      args: JSON.parse(c.function?.arguments || '{}') as Record<string, unknown>,
    }));
    const booking = calls.find((c) => c.name === 'check_availability' || c.name === 'book_appointment');
    if (booking) return afterBookingTool(brief, booking.name, last);
    if (calls.some((c) => c.name === 'transfer_call')) return afterTransferTool(last);
    return afterTools(brief, calls);
  }
  const words = last?.content ?? '';
  const spoken = messages.filter((m) => m.role === 'assistant').map((m) => m.content ?? '');
  const objections = messages.filter(
    (m) => m.role === 'user' && has(m.content ?? '', /not interested|no thanks|no, thank/),
  ).length;

  if (asksNotToBeCalled(words)) return tool(call('add_to_do_not_call', { reason: 'asked during the call' }));
  if (has(words, /wrong number|no one by that name|you have the wrong/))
    return tool(call('record_outcome', { outcome: 'wrong_number' }));
  const handedOver =
    messageReplyTo(brief, messages, words) ?? transferReplyTo(transferLabels, messages, words);
  if (handedOver) return handedOver;
  const booking = brief.booking && bookingReplyTo(brief.booking, brief, messages, words);
  if (booking) return booking;
  if (has(words, /not interested|no thanks|no, thank/)) {
    const rebuttal = rebuttalFor(brief.scripts.rebuttals, words);
    if (objections === 1 && rebuttal) return say(rebuttal);
    return tool(call('record_outcome', { outcome: 'not_interested' }));
  }
  if (has(words, /\b(book|appointment|schedule|that works|works for me|could we do|can we do)\b/))
    return tool(call('record_outcome', { outcome: 'appointment_booked', time: tomorrowAtTen() }));
  // Interested, but not ready to book: the lead is worth a follow-up.
  if (has(words, /\binterested\b/) && has(words, /\b(first|think|read|look into)\b/))
    return tool(call('record_outcome', { outcome: 'interested' }));
  if (has(words, /call (me )?back|tomorrow|later|bad time|busy right now/))
    return tool(call('record_outcome', { outcome: 'call_back_later', time: callBackTime(words, brief) }));
  if (words.includes('?') || has(words, /^(who|what|when|where|how|why|can|do|does|is|are)\b/))
    return answerQuestion(brief, words, spoken);
  if (has(words, /\b(interested|sounds good|tell me more)\b/))
    return say(
      brief.booking
        ? `Wonderful! What day would suit you for an appointment with ${brief.businessName}?`
        : `Wonderful! Would tomorrow at 10 AM work for an appointment with ${brief.businessName}?`,
    );
  return nextStep(brief, spoken);
}
