/**
 * The facts of the business's documents as the sandbox model reads them from the text it is sent
 * (the agent's instructions, a script prompt): each "Label: value" line and each sentence of prose
 * is one fact, and a heading (a short line with neither) none. What a capable model does with
 * them lives here too: find the one a question asks for, and say it the way a person would.
 */

export type FactKind = 'price' | 'hours' | 'address' | 'website' | 'contact' | 'other';

export interface DocumentFact {
  /** "Teeth cleaning" of "Teeth cleaning: $95"; null for a sentence of prose. */
  label: string | null;
  /** What follows the label, or the whole sentence. */
  value: string;
  kind: FactKind;
}

const PRICE = /[$€£]\s?\d|\b\d+(?:[.,]\d\d)?\s?(?:dollars|euros|pounds|usd)\b/i;
const DAYS = /\b(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?\b/i;
const TIME_RANGE = /\b\d{1,2}(?::\d\d)?\s*(?:am|pm)?\s*(?:-|–|to)\s*\d{1,2}(?::\d\d)?\b/i;
const STREET =
  /\b\d+\s+[A-Z][\w.]*(?:\s+[A-Z][\w.]*)*\s+(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Way|Place|Pl|Square|Sq)\b/;
/** A web address, without the punctuation that ends its sentence. */
const URL_SOURCE =
  /\b(?:https?:\/\/|www\.)[^\s"'<>]+?(?=[.,;:!?)]*(?:\s|$))|\b[a-z0-9-]+\.(?:com|org|net|io|co|us|example)\b(?:\/[^\s"'<>]*?)?(?=[.,;:!?)]*(?:\s|$))/
    .source;
const URLS = () => new RegExp(URL_SOURCE, 'gi');
const ONLY_URL = new RegExp(`^(?:${URL_SOURCE})$`, 'i');
/** Whether the text holds a web address. */
export const hasUrl = (text: string) => new RegExp(URL_SOURCE, 'i').test(text);
/** Labels that only say how a question and its answer are laid out. */
const LAYOUT_LABELS = /^(?:q|a|question|answer)$/i;

function kindOf(label: string | null, value: string): FactKind {
  const named = label ?? '';
  if (/\b(?:website|web site|url|online)\b/i.test(named) || (label && ONLY_URL.test(value.trim())))
    return 'website';
  if (/\b(?:hours|open|opening)\b/i.test(named) || (DAYS.test(value) && TIME_RANGE.test(value)))
    return 'hours';
  if (/\b(?:address|location|where)\b/i.test(named) || STREET.test(value)) return 'address';
  if (/\b(?:phone|telephone|tel|email|e-mail|fax)\b/i.test(named)) return 'contact';
  if (PRICE.test(value) || /\b(?:price|cost|fee)s?\b/i.test(named)) return 'price';
  return 'other';
}

const sentencesOf = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .match(/[^.!?]+(?:[.!?]+|$)/g)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [];

/** Every fact of the documents, in their order. */
export function factsOf(documents: readonly { text: string }[]): DocumentFact[] {
  const facts: DocumentFact[] = [];
  for (const line of documents.flatMap((d) => d.text.split(/\r?\n/)).map((l) => l.trim())) {
    if (!line) continue;
    const labelled = /^([A-Za-z][^:]{0,40}?)\s*:\s+(.+)$/.exec(line);
    if (labelled && !hasUrl(labelled[1]!)) {
      const label = LAYOUT_LABELS.test(labelled[1]!) ? null : labelled[1]!.trim();
      const value = labelled[2]!.trim();
      facts.push({ label, value, kind: kindOf(label, value) });
      continue;
    }
    // A heading ("Harbor Dental Studio - patient FAQ", "Prices") says nothing by itself.
    if (!/[.!?]$/.test(line) && !/\d/.test(line)) continue;
    for (const sentence of sentencesOf(line))
      facts.push({ label: null, value: sentence, kind: kindOf(null, sentence) });
  }
  return facts;
}

/** What a question asks for, when it is a fact a business's documents usually hold. */
export function askedKind(question: string): FactKind | null {
  const text = question.toLowerCase();
  if (/\b(cost|costs|price|prices|pricing|how much|charge|fees?|expensive|pay)\b/.test(text)) return 'price';
  if (/\b(hours|open|opening|close|closing|when are you)\b/.test(text)) return 'hours';
  if (/\b(where|address|located|location|directions|find you)\b/.test(text)) return 'address';
  return null;
}

/** An amount of money as written: "$95", "$1,200.50", "80 dollars". */
export const AMOUNT = /[$€£]\s?\d[\d,]*(?:\.\d\d)?|\b\d[\d,]*(?:\.\d\d)?\s?(?:dollars|euros|pounds)\b/i;

/** Words too common to tell what a question is about. */
const COMMON_WORDS = new Set([
  'does',
  'what',
  'that',
  'this',
  'with',
  'have',
  'your',
  'much',
  'there',
  'about',
  'from',
  'would',
  'could',
  'like',
  'know',
]);

/** The telling words of a text, without their endings ("costs" and "cost" are one). */
export const stemsOf = (text: string) =>
  (text.toLowerCase().match(/[a-z]{4,}/g) ?? [])
    .filter((word) => !COMMON_WORDS.has(word))
    // "cleanings", "cleaning" and "clean" are one word: a plural's s, then a verb's ending.
    .map((word) => word.replace(/(?<!s)s$/, '').replace(/(ing|ed|es)$/, ''));

/** How many of `words`' stems a fact shares. */
export function overlap(fact: DocumentFact, words: Set<string>): number {
  return stemsOf(`${fact.label ?? ''} ${fact.value}`).filter((w) => words.has(w)).length;
}

/** The fact of `kind` sharing most words with `context` (the first of them on a tie), or null. */
export function bestFact(facts: DocumentFact[], kind: FactKind, context: string): DocumentFact | null {
  const words = new Set(stemsOf(context));
  let best: { fact: DocumentFact; score: number } | null = null;
  for (const fact of facts.filter((f) => f.kind === kind)) {
    const score = overlap(fact, words);
    if (!best || score > best.score) best = { fact, score };
  }
  return best?.fact ?? null;
}

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');
const lowerFirst = (text: string) =>
  /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** "a teeth cleaning", "fillings": a price list's item as said in a sentence. */
export function itemName(label: string): string {
  const item = lowerFirst(label.trim());
  // "Check-up with X-rays" is one check-up: the noun before "with", "for" or "of" counts.
  const head = item.split(/\s+(?:with|for|of|in|and)\s+/)[0]!;
  return /[^s]s$/.test(head) ? item : `${article(item)} ${item}`;
}

/** "18:00" -> "6 PM", "8:30" -> "8:30 AM": clock times as people say them. */
function spokenTime(hours: string, minutes: string | undefined): string {
  const h = Number(hours);
  const suffix = h >= 12 && h < 24 ? 'PM' : 'AM';
  const twelve = h % 12 === 0 ? 12 : h % 12;
  return `${twelve}${minutes && minutes !== '00' ? `:${minutes}` : ''} ${suffix}`;
}

/** "Monday to Friday 8:00-18:00, Saturday 9:00-13:00" -> "... 8 AM to 6 PM, and Saturday 9 AM to 1 PM". */
export function spokenHours(text: string): string {
  const timed = /\b(am|pm)\b/i.test(text)
    ? text.replace(/\s*[-–]\s*/g, ' to ')
    : text.replace(
        /\b(\d{1,2})(?::(\d\d))?\s*(?:-|–|to)\s*(\d{1,2})(?::(\d\d))?\b/g,
        (_, h1: string, m1: string | undefined, h2: string, m2: string | undefined) =>
          `${spokenTime(h1, m1)} to ${spokenTime(h2, m2)}`,
      );
  const parts = timed.replace(/[.;]+$/, '').split(/\s*[,;]\s*/);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')}, and ${parts.at(-1)}` : parts[0]!;
}

/** A fact as the agent says it on the phone: in a sentence, never with a URL. */
export function spokenFact(fact: DocumentFact): string {
  const value = speakable(fact.value).replace(/[.;]+$/, '');
  if (!fact.label) return sentence(fact.kind === 'hours' ? spokenHours(value) : value);
  if (fact.kind === 'hours') return `We're open ${spokenHours(value)}.`;
  if (fact.kind === 'address') return `We're at ${value}.`;
  if (fact.kind === 'website') return "It's all on our website.";
  if (fact.kind === 'price') {
    const item = itemName(fact.label);
    return `${item.charAt(0).toUpperCase()}${item.slice(1)} ${/^an? /.test(item) ? 'is' : 'are'} ${value}.`;
  }
  return `For ${lowerFirst(fact.label)}, ${value}.`;
}

/**
 * Text fit to be spoken: a web address becomes "our website" (nobody wants one read out letter
 * by letter), and quote marks, which a voice would read or stumble on, go.
 */
export function speakable(text: string): string {
  return (
    text
      .replace(URLS(), 'our website')
      .replace(/\b(?:at|on|visit|see)\s+our website\b/gi, (m) =>
        /^visit|^see/i.test(m) ? m : 'on our website',
      )
      .replace(/["“”]/g, '')
      // A dash between sentences ("No time." - I understand) is layout, not words.
      .replace(/([.!?])\s+[-–—]+\s+/g, '$1 ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
