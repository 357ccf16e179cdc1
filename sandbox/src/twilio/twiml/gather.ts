import { SECOND } from '../clock';
import { TIMING } from '../personas';
import { playingTime } from './speech';
import { methodOf, resolveUrl, type VerbPlayer } from './verbs';

/**
 * `<Gather>`: its nested <Say>/<Pause> play, then Twilio waits `timeout` seconds (5 by default)
 * for keys. A persona that presses a key does so a moment after the prompt; with `numDigits="1"`
 * the digit is sent at once, otherwise after `timeout` with no further key, as Twilio does. The
 * digits go to `action` (the document's own URL by default) as `Digits`, and the TwiML answered
 * there replaces the document. No key: the next verb.
 */
const gather: VerbPlayer = (verb, context) => {
  const prompt = verb.children.reduce((sum, child) => sum + playingTime(child), 0);
  const timeout = Math.max(0, Number(verb.attrs.timeout ?? 5) || 0) * SECOND;
  const listensToKeys = (verb.attrs.input ?? 'dtmf').split(/\s+/).includes('dtmf');
  const digit = context.persona.kind === 'person' ? context.persona.pressesAtGather : undefined;
  if (!digit || !listensToKeys) return { kind: 'wait', ms: prompt + timeout };

  const pressedAt = prompt + TIMING.keyPressedAfter;
  const sentAt = verb.attrs.numDigits === '1' ? pressedAt : pressedAt + timeout;
  const action = verb.attrs.action ? resolveUrl(verb.attrs.action, context) : context.documentUrl;
  // Inline TwiML has no URL to post to: Twilio moves on to the next verb.
  if (!action) return { kind: 'wait', ms: sentAt };
  return { kind: 'fetch', ms: sentAt, url: action, method: methodOf(verb), params: { Digits: digit } };
};

export const gatherVerbs: Record<string, VerbPlayer> = { Gather: gather };
