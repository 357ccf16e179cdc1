import { createHash } from 'node:crypto';
import { SECOND } from '../clock';
import { LEAVES_A_MESSAGE, offersToTakeAMessage, TIMING, type Conversation } from '../personas';
import { speakingTime, wordsTime, type ConversationRelaySpec } from '../twiml';
import type { AgentTurn, RelayLine } from './relayLine';
import type { SessionClock } from './sessionClock';

/** How a person's side of a conversation ended: the agent ended it, they hung up, or it broke. */
export type CalleeEnding =
  { kind: 'agent-ended'; at: number } | { kind: 'hung-up'; at: number; why: string } | { kind: 'broken' };

/**
 * At a high time scale the agent's real latency is magnified (50 ms is 2.5 s at 50 times), so a
 * person never takes less than this much wall time for silence: a busy machine is not a mute agent.
 */
const MIN_SILENCE_WALL_MS = 3_000;
/** A person who says goodbye puts the phone down a moment later. */
const HANGS_UP_AFTER_GOODBYE = 1 * SECOND;

const wordsOf = (text: string) => text.match(/\S+\s*/g) ?? [];

/** A number from 0 to 1 that is the same for the same session and turn, so each call replays alike. */
function seeded(sessionId: string, turn: number): number {
  return createHash('sha256').update(`${sessionId}:${turn}`).digest().readUInt32BE(0) / 0xffffffff;
}

interface Talk {
  line: RelayLine;
  clock: SessionClock;
  conversation: Conversation;
  spec: ConversationRelaySpec;
  sessionId: string;
}

/**
 * A person on the phone with our agent, from the welcome greeting on: they hear each reply out
 * (words take time to say), think, answer with their next line, and so on; one of them talks
 * over the agent, one presses the key the agent offers, one falls silent before a line or talks on
 * after one without waiting for the agent. After their last line they wait for the agent to end
 * the call, and hang up themselves after a closing word, or after a long silence.
 * Once the agent offers to take a message, they leave one instead of their remaining lines.
 */
export async function talk({ line, clock, spec, sessionId, ...persona }: Talk): Promise<CalleeEnding> {
  const silenceWallMs = Math.max(clock.wallMs(TIMING.hangsUpAfterSilence), MIN_SILENCE_WALL_MS);
  const hangUp = (why: string, at = clock.now()): CalleeEnding => ({ kind: 'hung-up', at, why });
  let speechEndsAt = clock.now() + speakingTime(spec.welcomeGreeting);
  // A session that opens with an offer to take a message (after a transfer nobody took) gets one.
  let conversation = offersToTakeAMessage(spec.welcomeGreeting) ? LEAVES_A_MESSAGE : persona.conversation;
  let said = 0;
  let bargedIn = false;
  let interrupted = false;
  let pressed = false;

  for (let turn = 0; ; turn++) {
    // The person hears the agent out (the goodbye too, when the agent has ended the session).
    if (!(await line.sleepUntil(speechEndsAt))) return { kind: 'broken' };
    if (line.ended) return { kind: 'agent-ended', at: clock.now() };

    const index = said;
    const last = said >= conversation.lines.length;
    const words = last ? conversation.closing : conversation.lines[said++]!;
    if (!bargedIn) {
      const { min, max } = TIMING.thinksFor;
      const pause = conversation.pausesBefore?.line === index ? conversation.pausesBefore.ms : undefined;
      if (!(await line.sleepUntil(clock.now() + (pause ?? min + (max - min) * seeded(sessionId, turn)))))
        return { kind: 'broken' };
      if (line.ended) return { kind: 'agent-ended', at: clock.now() };
    }
    bargedIn = false;
    if (!(await say(line, clock, spec, words))) return { kind: 'broken' };
    if (last) {
      if (!(await line.sleepUntil(clock.now() + HANGS_UP_AFTER_GOODBYE))) return { kind: 'broken' };
      return hangUp('said goodbye');
    }
    if (conversation.talksOnAfter === index && said < conversation.lines.length) {
      // They start their next line at once: Twilio hears them (a partial, when asked for) before
      // the agent's reply to this one, and they finish it once that reply is over, so its final
      // words never cut the reply however slow the machine.
      const replying = line.turns.length;
      const next = wordsOf(conversation.lines[said]!)[0]!.trim();
      if (spec.partialPrompts) line.send({ type: 'prompt', voicePrompt: next, lang: 'en-US', last: false });
      await line.until(() => !!line.turns[replying]?.complete || !!line.ended, silenceWallMs);
      if (line.broken) return { kind: 'broken' };
      bargedIn = true;
      continue;
    }

    // The agent's reply: its first words, or the end of the session.
    const spokeAt = clock.now();
    const before = line.turns.length;
    const heardBack = await line.until(() => line.turns.length > before || !!line.ended, silenceWallMs);
    if (line.broken) return { kind: 'broken' };
    if (!heardBack) return hangUp('silence', spokeAt + TIMING.hangsUpAfterSilence);
    const reply = line.turns[before];
    if (!reply) {
      speechEndsAt = clock.now();
      continue;
    }

    if (conversation.interruptsAfterWords && spec.interruptible && !interrupted) {
      const cut = await interrupt(line, clock, reply, conversation.interruptsAfterWords, sessionId);
      if (cut === 'broken') return { kind: 'broken' };
      if (cut === 'cut') {
        interrupted = true;
        bargedIn = true;
        speechEndsAt = clock.now();
        continue;
      }
    }

    if (!(await line.until(() => reply.complete || !!line.ended, silenceWallMs))) {
      if (line.broken) return { kind: 'broken' };
      return hangUp('the agent stopped mid-sentence');
    }
    speechEndsAt = Math.max(clock.now(), reply.startedAt + speakingTime(reply.text));
    if (conversation !== LEAVES_A_MESSAGE && offersToTakeAMessage(reply.text)) {
      conversation = LEAVES_A_MESSAGE;
      said = 0;
    }

    const offered = /\bpress (\d)\b/i.exec(reply.text)?.[1];
    if (offered && offered === conversation.pressesWhenOffered && spec.dtmfDetection && !pressed) {
      if (!(await line.sleepUntil(speechEndsAt + TIMING.keyPressedAfter))) return { kind: 'broken' };
      line.send({ type: 'dtmf', digit: offered });
      pressed = true;
      speechEndsAt = clock.now();
    }
  }
}

/**
 * The person says `words`: it takes their speaking time, and the relay gets the transcript once
 * they stop (`last: true`), with a partial half-way when the TwiML asked for partials.
 */
async function say(line: RelayLine, clock: SessionClock, spec: ConversationRelaySpec, words: string) {
  const duration = speakingTime(words);
  const from = clock.now();
  if (spec.partialPrompts) {
    if (!(await line.sleepUntil(clock.now() + duration / 2))) return false;
    const half = wordsOf(words);
    const partial = half
      .slice(0, Math.ceil(half.length / 2))
      .join('')
      .trim();
    line.send({ type: 'prompt', voicePrompt: partial, lang: 'en-US', last: false });
    if (!(await line.sleepUntil(clock.now() + duration / 2))) return false;
  } else if (!(await line.sleepUntil(clock.now() + duration))) return false;
  line.callerSpeech.push({ from, to: clock.now() });
  line.closeTurn();
  line.send({ type: 'prompt', voicePrompt: words, lang: 'en-US', last: true });
  return true;
}

/**
 * Talks over `reply` once `afterWords` of it have been heard, if it goes on beyond them: the relay
 * gets what was heard, and how long into the reply, as Twilio sends it (a number, or a string).
 */
async function interrupt(
  line: RelayLine,
  clock: SessionClock,
  reply: AgentTurn,
  afterWords: number,
  sessionId: string,
): Promise<'cut' | 'heard-out' | 'broken'> {
  const cutAt = reply.startedAt + wordsTime(afterWords);
  const ms = Math.round(cutAt - reply.startedAt);
  if (!(await line.sleepUntil(cutAt))) return 'broken';
  if (line.ended || (reply.complete && wordsOf(reply.text).length <= afterWords)) return 'heard-out';
  const heard = wordsOf(reply.text).slice(0, afterWords).join('').trim();
  line.closeTurn();
  line.send({
    type: 'interrupt',
    utteranceUntilInterrupt: heard,
    durationUntilInterruptMs: seeded(sessionId, -1) < 0.5 ? String(ms) : ms,
  });
  return 'cut';
}
