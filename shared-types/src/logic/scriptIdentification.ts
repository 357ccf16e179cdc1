import { formatPhone, toE164 } from './phone';

/**
 * Who is calling, said in every call: the answering script opens with the business's name and
 * that an AI assistant calls on its behalf, and the voicemail leaves the number to call back. The
 * prompt asks the model for both; a model may not comply, so the generated text is checked and
 * completed here.
 */
export interface CallerIdentity {
  companyName?: string | null;
  /** The owner's profile phone number. */
  callbackNumber?: string | null;
}

const AI_WORDS = /\b(AI|artificial intelligence)\b/i;

/** The text up to the first full stop, question or exclamation mark (or the first line). */
export function firstSentence(script: string): string {
  const text = script.trim();
  const end = /[.!?](?=\s|$)|\n/.exec(text);
  return end ? text.slice(0, end.index + 1) : text;
}

/** The sentence put first when the script does not say it already. */
export function aiDisclosure(companyName?: string | null): string {
  const company = companyName?.trim();
  return `Hello, this is an AI assistant calling${company ? ` on behalf of ${company}` : ''}.`;
}

/** The first sentence says an AI assistant is calling, and names the business when there is one. */
export function disclosesCaller(script: string, companyName?: string | null): boolean {
  const first = firstSentence(script);
  const company = companyName?.trim();
  return AI_WORDS.test(first) && (!company || first.toLowerCase().includes(company.toLowerCase()));
}

/** Phone-like runs of digits in a text, as E.164. */
const numbersIn = (text: string) =>
  [...text.matchAll(/\+?\d[\d\s().-]{5,}\d/g)].map((m) => toE164(m[0])).filter(Boolean);

export function givesCallbackNumber(script: string, callbackNumber: string): boolean {
  const wanted = toE164(callbackNumber);
  return wanted !== null && numbersIn(script).includes(wanted);
}

/**
 * A generated script with the identification the law and the product require: the answering
 * script starts with the disclosure, the voicemail ends with the callback number when it does not
 * give it. Other scripts, and a script that already complies, are returned as they are.
 */
export function withCallerIdentification(
  scriptType: string,
  script: string,
  identity: CallerIdentity,
): string {
  if (scriptType === 'answering' && !disclosesCaller(script, identity.companyName))
    return `${aiDisclosure(identity.companyName)}\n${script}`;
  const callback = identity.callbackNumber;
  if (scriptType === 'voicemail' && callback && toE164(callback) && !givesCallbackNumber(script, callback))
    return `${script}\nPlease call us back at ${formatPhone(callback)}.`;
  return script;
}
