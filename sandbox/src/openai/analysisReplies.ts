import { readCallSummaryRequest, transferringNote, type CallSummaryRequest } from '@ringcast/shared-types';

/**
 * What the sandbox's model answers a request for a call's analysis (a chat completion with
 * `response_format.type === 'json_schema'`): JSON that fits the schema sent, with values taken
 * from the callee's words in the request (never invented: a field nothing in them answers is
 * null), the sentiment from those words, and whether the goal was met from the outcome. The same
 * request always gets the same answer, except where a marker in the transcript asks for a bad one
 * (ANALYSIS_MARKERS), so the retry of a refused answer can be tested.
 */
interface SchemaNode {
  type?: string | string[];
  description?: string;
  enum?: (string | null)[];
  properties?: Record<string, SchemaNode>;
}

/** Words in a transcript that make the answer bad: always, or only the first time it is asked. */
export const ANALYSIS_MARKERS = {
  /** Content that is not JSON. */
  notJson: 'ANALYSIS-NOT-JSON',
  /** JSON the schema refuses (a sentiment it does not list). */
  offSchema: 'ANALYSIS-OFF-SCHEMA',
  /** The model refuses (`message.refusal`, no content). */
  refusal: 'ANALYSIS-REFUSAL',
  /** Appended to one of the above: only the first ask of that request is answered badly. */
  once: '-ONCE',
} as const;

export type AnalysisReply = { content: string | null; refusal: string | null };

const STOP_WORDS = new Set(
  'a an the of to for in on at by with and or is are was were be it its they their them this that what which who when how do does did you your i my me we our as if from about any not no yes null'.split(
    ' ',
  ),
);
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter((w) => w.length > 2 && !STOP_WORDS.has(w));

/** Each sentence the callee said, in order. */
const calleeSentences = (turns: CallSummaryRequest['turns']) =>
  turns
    .filter((t) => t.speaker === 'callee')
    .flatMap((t) => t.text.match(/[^.!?]+[.!?]*/g) ?? [])
    .map((s) => s.trim())
    .filter(Boolean);

const stem = (word: string) => word.slice(0, 6);

/** The callee sentence sharing most words with the description (word stems of 6 letters), if any does. */
function bestSentence(sentences: string[], description: string, accept = (_: string) => true): string | null {
  const stems = new Set(wordsOf(description).map(stem));
  let best: { sentence: string; score: number } | null = null;
  for (const sentence of sentences) {
    if (!accept(sentence)) continue;
    const score = wordsOf(sentence).filter((w) => stems.has(stem(w))).length;
    if (score > 0 && (!best || score > best.score)) best = { sentence, score };
  }
  return best?.sentence ?? null;
}

const NUMBER = /-?\$?\d[\d,]*(?:\.\d+)?/;
const numberIn = (text: string) => Number(NUMBER.exec(text)![0].replace(/[$,]/g, ''));

const NO = /\b(no|not|don't|do not|never|nope|isn't|aren't|won't)\b/i;
const YES = /\b(yes|yeah|yep|sure|i am|i'm|i do|i have|of course|interested|sounds good)\b/i;

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first day named in the callee's words, as YYYY-MM-DD, from `today` for relative ones. */
function dateIn(sentences: string[], today: string): string | null {
  const base = Date.parse(`${today}T00:00:00Z`);
  for (const sentence of sentences) {
    const lower = sentence.toLowerCase();
    const iso = /\b(\d{4}-\d{2}-\d{2})\b/.exec(lower);
    if (iso && !Number.isNaN(Date.parse(`${iso[1]}T00:00:00Z`))) return iso[1]!;
    if (Number.isNaN(base)) continue;
    if (/\btomorrow\b/.test(lower)) return isoDay(base + DAY_MS);
    if (/\btoday\b/.test(lower)) return today;
    const named = new RegExp(`\\b(${MONTHS.join('|')}) (\\d{1,2})(?:st|nd|rd|th)?\\b`).exec(lower);
    if (named) {
      const year = new Date(base).getUTCFullYear();
      let day = Date.UTC(year, MONTHS.indexOf(named[1]!), Number(named[2]));
      if (day < base) day = Date.UTC(year + 1, MONTHS.indexOf(named[1]!), Number(named[2]));
      return isoDay(day);
    }
    const weekday = WEEKDAYS.findIndex((d) => new RegExp(`\\b${d}\\b`).test(lower));
    if (weekday >= 0) {
      const ahead = (weekday - new Date(base).getUTCDay() + 7) % 7 || 7;
      return isoDay(base + ahead * DAY_MS);
    }
  }
  return null;
}

type Value = string | number | boolean | null;

function fieldValue(node: SchemaNode, sentences: string[], today: string): Value {
  const types = Array.isArray(node.type) ? node.type : [node.type];
  // The owner's words, without what the schema adds about the type ("(a number; null when ...)").
  const description = (node.description ?? '').replace(/\s*\([^)]*\)\s*$/, '');
  if (node.enum) {
    const choices = node.enum.filter((c): c is string => typeof c === 'string');
    for (const sentence of sentences)
      for (const choice of choices)
        if (new RegExp(`\\b${choice.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(sentence))
          return choice;
    return null;
  }
  if (types.includes('number')) {
    const withNumber = (s: string) => NUMBER.test(s);
    const sentence = bestSentence(sentences, description, withNumber) ?? sentences.find(withNumber);
    return sentence ? numberIn(sentence) : null;
  }
  if (types.includes('boolean')) {
    const sentence = bestSentence(sentences, description);
    if (!sentence) return null;
    if (NO.test(sentence)) return false;
    return YES.test(sentence) ? true : null;
  }
  if (node.description?.includes('YYYY-MM-DD')) return dateIn(sentences, today);
  return bestSentence(sentences, description);
}

const NEGATIVE =
  /stop calling|take me off|do not call|don't call|not interested|wrong number|leave me alone/i;
const POSITIVE = /\b(interested|sounds good|great|perfect|works for me|thanks|thank you|love)\b/i;

function sentimentOf(sentences: string[]): 'positive' | 'neutral' | 'negative' {
  const negative = sentences.filter((s) => NEGATIVE.test(s)).length;
  const positive = sentences.filter((s) => !NEGATIVE.test(s) && POSITIVE.test(s)).length;
  if (negative > positive) return 'negative';
  return positive > negative ? 'positive' : 'neutral';
}

const TRANSFERRING = transferringNote('').replace(/…$/, '');

function successOf(request: CallSummaryRequest, campaign: string): { met: boolean; reason: string } {
  const transferred = request.turns.some((t) => t.speaker === 'system' && t.text.startsWith(TRANSFERRING));
  const bookingCampaign = /Book Appointment/.test(campaign);
  switch (request.outcome) {
    case 'appointment_booked':
      return { met: true, reason: 'The person booked an appointment on the call.' };
    case 'interested':
      return bookingCampaign
        ? { met: false, reason: 'The person was interested but booked no appointment yet.' }
        : { met: true, reason: 'The person said they were interested.' };
    case 'call_back_later':
      return { met: false, reason: 'The person asked to be called back later, so nothing was agreed yet.' };
    case 'not_interested':
      return { met: false, reason: 'The person said they were not interested.' };
    case 'wrong_number':
      return { met: false, reason: 'The number reached the wrong person.' };
    case 'do_not_call':
      return { met: false, reason: 'The person asked not to be called again.' };
    default:
      return transferred
        ? { met: true, reason: 'The person asked for a colleague and was put through.' }
        : { met: false, reason: 'The call ended without reaching the goal.' };
  }
}

/** Requests answered badly once already (by the request's own id), for the `-ONCE` markers. */
const answeredBadly = new Set<string>();

function badReply(transcript: string, requestId: string, analysis: object): AnalysisReply | null {
  const marker = (Object.values(ANALYSIS_MARKERS) as string[])
    .filter((m) => m !== ANALYSIS_MARKERS.once)
    .find((m) => transcript.includes(m));
  if (!marker) return null;
  if (transcript.includes(`${marker}${ANALYSIS_MARKERS.once}`)) {
    if (answeredBadly.has(requestId)) return null;
    answeredBadly.add(requestId);
  }
  if (marker === ANALYSIS_MARKERS.refusal)
    return { content: null, refusal: "I'm sorry, I can't help with analysing this call." };
  if (marker === ANALYSIS_MARKERS.offSchema)
    return { content: JSON.stringify({ ...analysis, sentiment: 'ecstatic' }), refusal: null };
  return { content: '{"fields": {"cut off', refusal: null };
}

/** The reply to an analysis request: its schema (`response_format.json_schema.schema`) and user message. */
export function analysisReply(schema: unknown, userMessage: string, requestId: string): AnalysisReply {
  const request = readCallSummaryRequest(userMessage);
  const today = /^Today: (\d{4}-\d{2}-\d{2})$/m.exec(userMessage)?.[1] ?? '';
  const campaign = /^Campaign: (.*)$/m.exec(userMessage)?.[1] ?? '';
  const sentences = calleeSentences(request.turns);
  const root = (schema ?? {}) as SchemaNode;
  const fieldNodes = root.properties?.fields?.properties ?? {};
  const analysis = {
    fields: Object.fromEntries(
      Object.entries(fieldNodes).map(([key, node]) => [key, fieldValue(node, sentences, today)]),
    ),
    sentiment: sentimentOf(sentences),
    successEvaluation: successOf(request, campaign),
  };
  return badReply(userMessage, requestId, analysis) ?? { content: JSON.stringify(analysis), refusal: null };
}
