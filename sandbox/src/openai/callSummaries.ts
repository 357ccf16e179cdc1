import {
  readCallSummaryRequest,
  transferringNote,
  type CallOutcome,
  type CallSummaryRequest,
} from '@ringcast/shared-types';
import { AMOUNT, askedKind } from './documentFacts';

type Turn = CallSummaryRequest['turns'][number];

/** "I need ... my son" -> "they need ... their son": the person's words as told of them. */
const told = (text: string) =>
  text
    .replace(/\bI'm\b/g, "they're")
    .replace(/\bI\b/g, 'they')
    .replace(/\bmy\b/gi, 'their')
    .replace(/\bme\b/gi, 'them')
    .replace(/\byour\b/gi, 'our')
    .replace(/\byou\b/gi, 'we')
    .replace(/[.!?]+$/, '')
    .trim();

const DAY =
  '(?:today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?: (?:morning|afternoon|evening))?';
/** "tomorrow at 10 AM", "Friday morning": a time agreed on the call. */
const WHEN = new RegExp(
  `\\b${DAY}(?:, [a-z]+ \\d{1,2})?(?: at \\d{1,2}(?::\\d\\d)?(?: ?[AP]M)?| at (?:ten|nine|eleven|noon))?`,
  'i',
);

/** What the person asked or said in one turn, as a clause after "The person", given the agent's answer. */
function clauseOf(turn: Turn, answer: string | undefined): string | null {
  const text = turn.text;
  const lower = text.toLowerCase();
  if (/stop calling|take me off|do not call|don't call/.test(lower)) return 'asked not to be called again';
  if (/wrong number|no one by that name/.test(lower)) return 'said it was a wrong number';
  if (/not interested|no thanks|no, thank/.test(lower)) return 'said they were not interested';
  if (/call (me )?back|busy right now|bad time/.test(lower)) return 'asked to be called back';
  if (/\bwho\b.*\b(calling|this)\b|\bwho are you\b/.test(lower)) return 'asked who was calling';
  if (/what('s| is) (this|it) about|why are you calling|what (exactly )?do you (offer|do|sell)/.test(lower))
    return 'asked what the call was about';
  if (/\b(website|web site|read more)\b/.test(lower)) return 'asked for the website';
  const kind = askedKind(lower);
  if (kind === 'price') {
    const amount = answer ? AMOUNT.exec(answer)?.[0] : undefined;
    // "A teeth cleaning is $95." -> "of a teeth cleaning".
    const item = answer && /^((?:an? )?[\w -]+?) (?:is|are|costs?) /i.exec(answer)?.[1];
    const of = item ? ` of ${item.charAt(0).toLowerCase()}${item.slice(1)}` : '';
    return amount ? `asked about the price${of} and was told ${amount}` : 'asked about the price';
  }
  if (kind === 'hours') return 'asked about the opening hours';
  if (kind === 'address') return 'asked where the office is';
  const booking = /\b(?:like|want|wanted|need) to (book .+)$/i.exec(text.replace(/[.!?]+$/, ''));
  if (booking) return `wanted to ${told(booking[1]!)}`;
  const question = /\b(?:ask|know) (whether|if|when|what|how|where)\b(.+?)\?*$/i.exec(text);
  if (question) return `asked ${question[1]!.toLowerCase()} ${told(question[2]!)}`;
  if (/\b(interested|sounds good|tell me more)\b/.test(lower)) return 'was interested';
  return null;
}

/** The first sentence: what the person wanted or asked, and what they were told. */
function whatHappened(request: CallSummaryRequest): string {
  const who = request.direction === 'inbound' ? 'The caller' : 'The person';
  const clauses: string[] = [];
  request.turns.forEach((turn, i) => {
    if (turn.speaker !== 'callee') return;
    const answer = request.turns.slice(i + 1).find((t) => t.speaker === 'agent')?.text;
    const clause = clauseOf(turn, answer);
    if (clause && !clauses.includes(clause)) clauses.push(clause);
  });
  // In the order they came: "asked what the call was about, then asked about the price ...".
  if (clauses.length) return `${who} ${clauses.slice(0, 3).join(', then ')}.`;
  const spoke = request.turns.some((t) => t.speaker === 'callee');
  return spoke ? `${who} talked with the agent briefly.` : `${who} picked up but said nothing.`;
}

/** The time agreed: the last one named, the agent's confirmation ("all set for tomorrow at 10 AM") most often. */
function agreedTime(turns: Turn[]): string | null {
  for (const turn of [...turns].reverse()) {
    const when = WHEN.exec(turn.text)?.[0];
    if (when) return when;
  }
  return null;
}

function howItEnded(outcome: CallOutcome | null, turns: Turn[]): string {
  const when = agreedTime(turns);
  switch (outcome) {
    case 'appointment_booked':
      return when ? `They booked an appointment for ${when}.` : 'They booked an appointment.';
    case 'call_back_later':
      return when ? `They asked to be called back ${when}.` : 'They asked to be called back later.';
    case 'interested':
      return 'They are interested but did not commit yet, so a follow-up is worth it.';
    case 'not_interested':
      return 'They declined, and the agent closed the call politely.';
    case 'wrong_number':
      return 'It was a wrong number.';
    case 'do_not_call':
      return 'Their number was taken off the calling list, as they asked.';
    default: {
      // A transfer's note with no outcome after it: the person answered and took the call.
      const transferredTo = transferDestinationOf(turns);
      return transferredTo
        ? `They asked for a person and were put through to ${transferredTo}.`
        : 'The call ended without a result.';
    }
  }
}

/** The destination of the transcript's "Transferring to Sales…" note, if it has one. */
function transferDestinationOf(turns: Turn[]): string | null {
  const note = turns.find((t) => t.speaker === 'system' && t.text.startsWith(TRANSFERRING));
  return note ? note.text.slice(TRANSFERRING.length).replace(/…$/, '') : null;
}
const TRANSFERRING = transferringNote('').replace(/…$/, '');

const PHONE = /(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/;

/** A machine answered: nobody was reached, and the agent left the voicemail it was sent, or none. */
function voicemail(request: CallSummaryRequest): string {
  const message = request.voicemailLeft;
  if (!message) return 'An answering machine picked up. The agent hung up without leaving a message.';
  const number = PHONE.exec(message)?.[0];
  return `An answering machine picked up. The agent left a voicemail${number ? ` with the callback number ${number}` : ''}.`;
}

/**
 * What the sandbox's model says when asked for a call's summary: two sentences saying what
 * happened, as a capable model following CALL_SUMMARY_INSTRUCTIONS would note it (what the person
 * asked and was told, then how it ended), never a quote of the transcript or a count of its turns.
 */
export function summaryReply(userMessage: string): string {
  const request = readCallSummaryRequest(userMessage);
  if (request.answeredByMachine) return voicemail(request);
  return `${whatHappened(request)} ${howItEnded(request.outcome, request.turns)}`;
}
