import { SECOND } from '../clock';
import type { TwimlNode } from './parse';
import type { VerbPlayer } from './verbs';

/** Speech runs at about 150 words a minute. */
const MS_PER_WORD = (60 * SECOND) / 150;
/** `loop="0"` repeats until the call ends; this is long enough for any call. */
const ENDLESS_LOOPS = 1000;

/** How long saying `count` words takes, at the pace of every voice in the sandbox. */
export const wordsTime = (count: number) => count * MS_PER_WORD;

/** How long saying `text` takes. */
export const speakingTime = (text: string) => wordsTime(text.split(/\s+/).filter(Boolean).length);

const wordsIn = (node: TwimlNode): number =>
  node.text.split(/\s+/).filter(Boolean).length +
  node.children.reduce((sum, child) => sum + wordsIn(child), 0);

function loopsOf(verb: TwimlNode): number {
  const loop = Number(verb.attrs.loop ?? 1);
  if (!Number.isInteger(loop) || loop < 0) return 1;
  return loop === 0 ? ENDLESS_LOOPS : loop;
}

/** How long the callee hears this verb (SSML inside a <Say> counts its words too). */
export function playingTime(verb: TwimlNode): number {
  if (verb.name === 'Say') return wordsIn(verb) * MS_PER_WORD * loopsOf(verb);
  if (verb.name === 'Pause') {
    const length = Number(verb.attrs.length ?? 1);
    return (Number.isFinite(length) && length >= 0 ? length : 1) * SECOND;
  }
  return 0;
}

const play: VerbPlayer = (verb) => {
  const ms = playingTime(verb);
  return ms > 0 ? { kind: 'wait', ms } : { kind: 'next' };
};

/** Verbs that take time and nothing else: the callee listens. */
export const speechVerbs: Record<string, VerbPlayer> = { Say: play, Pause: play };
