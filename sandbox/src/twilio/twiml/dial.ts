import { logger } from '../../logger';
import type { TwimlNode } from './parse';
import { methodOf, resolveUrl, type VerbPlayer } from './verbs';

/** Twilio rings a `<Dial>`'s number this long by default. */
export const DEFAULT_DIAL_TIMEOUT_SECONDS = 30;
/** Twilio's limits on `timeout` (seconds). */
const MIN_DIAL_TIMEOUT_SECONDS = 5;
const MAX_DIAL_TIMEOUT_SECONDS = 600;

/**
 * What `<Dial>` asks of the call: a child call (`outbound-dial`) to `number`; when it is answered,
 * the person hears the TwiML at `url` (a whisper) before the two are bridged. When the child leg
 * ends, Twilio requests `action` with the Dial's outcome, or without one plays the next verb.
 */
export interface DialSpec {
  number: string;
  /** The `<Number url>`: TwiML played to the person who answers, before bridging. */
  url?: string;
  urlMethod: string;
  timeoutSeconds: number;
  action?: string;
  method: string;
  /** The number the person sees; Twilio uses the parent call's own caller without it. */
  callerId?: string;
}

/** `timeout` as Twilio reads it: whole seconds from 5 to 600; anything else is the default. */
function timeoutOf(value: string | undefined): number {
  const seconds = Number(value ?? DEFAULT_DIAL_TIMEOUT_SECONDS);
  if (!Number.isFinite(seconds)) return DEFAULT_DIAL_TIMEOUT_SECONDS;
  return Math.min(MAX_DIAL_TIMEOUT_SECONDS, Math.max(MIN_DIAL_TIMEOUT_SECONDS, Math.round(seconds)));
}

/** The number dialed: the first `<Number>` noun, or the verb's own text (`<Dial>+1212...</Dial>`). */
const numberNounOf = (verb: TwimlNode) => verb.children.find((child) => child.name === 'Number');

/**
 * `<Dial>` with a `<Number url method>` noun or a bare number as its text. `answerOnBridge` and
 * the other attributes are accepted and change nothing the sandbox plays (the caller hears no
 * ringback either way). One number only: Twilio's simultaneous dialing of several `<Number>`s,
 * and the `<Client>`, `<Sip>`, `<Conference>` and `<Queue>` nouns, are not played (skipped).
 */
const dial: VerbPlayer = (verb, context) => {
  const noun = numberNounOf(verb);
  const number = (noun?.text ?? verb.text).trim();
  if (!number || verb.children.some((child) => child.name !== 'Number')) {
    logger.warn(
      { nouns: verb.children.map((child) => child.name) },
      'twilio sandbox: <Dial> without a number it plays: skipped',
    );
    return { kind: 'next' };
  }
  return {
    kind: 'dial',
    dial: {
      number,
      url: noun?.attrs.url ? resolveUrl(noun.attrs.url, context) : undefined,
      urlMethod: noun ? methodOf(noun) : 'POST',
      timeoutSeconds: timeoutOf(verb.attrs.timeout),
      action: verb.attrs.action ? resolveUrl(verb.attrs.action, context) : undefined,
      method: methodOf(verb),
      callerId: verb.attrs.callerId || undefined,
    },
  };
};

export const dialVerbs: Record<string, VerbPlayer> = { Dial: dial };
