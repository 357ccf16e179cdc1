import { SILENCE_GAP_MS } from '@ringcast/shared-types';

/** What a stored turn says of its timing (TranscriptTurn's fields of the same names). */
export interface TurnMeasures {
  responseMs: number | null;
  modelFirstTokenMs: number | null;
  talkedOver: boolean;
  silenceBeforeMs: number | null;
}

/** A gap kept as a silence: over SILENCE_GAP_MS, in whole ms; null otherwise. */
export const silenceOf = (ms: number | null | undefined): number | null =>
  typeof ms === 'number' && ms > SILENCE_GAP_MS ? Math.round(ms) : null;

/** A turn that is not a reply to the callee's words: nothing timed but the silence before it. */
export const untimed = (silenceBeforeMs: number | null = null): TurnMeasures => ({
  responseMs: null,
  modelFirstTokenMs: null,
  talkedOver: false,
  silenceBeforeMs,
});

const now = () => performance.now();
const wholeMs = (ms: number | null) => (ms === null ? null : Math.max(0, Math.round(ms)));

/**
 * One reply's timing, on performance.now()'s clock: from the callee's final words reaching us to
 * our first words of it leaving, and the model's time from the request that gave the reply's
 * first content token to that token (a round of tool calls asks again, and the time of a round
 * that said nothing is ours, not the model's).
 */
export class ReplyTiming {
  private askedAt: number | null = null;
  private firstTokenMs: number | null = null;
  private responseMs: number | null = null;
  private talkedOver = false;

  constructor(
    private readonly session: TurnTimings,
    private readonly heardAt: number,
    /** The final prompt that started it: a later one before our first words means the callee spoke again. */
    private readonly prompt: number,
    /** The callee's silence before the words it answers (SILENCE_GAP_MS or more; null otherwise). */
    readonly calleeSilenceMs: number | null,
  ) {}

  modelAsked(at = now()): void {
    if (this.firstTokenMs === null) this.askedAt = at;
  }

  modelToken(at = now()): void {
    if (this.firstTokenMs === null && this.askedAt !== null) this.firstTokenMs = at - this.askedAt;
  }

  /** A text frame of the reply left for the caller: the first one ends the response time. */
  wordsOut(at = now()): void {
    if (this.responseMs !== null) return;
    this.responseMs = at - this.heardAt;
    this.talkedOver = this.session.prompts > this.prompt;
  }

  /** As they stand: a reply that said nothing has no response time. */
  get measures(): TurnMeasures {
    const responseMs = wholeMs(this.responseMs);
    return {
      responseMs,
      modelFirstTokenMs: wholeMs(this.firstTokenMs),
      talkedOver: this.talkedOver,
      // A slow reply is a silence on the line as much as a callee's pause.
      silenceBeforeMs: silenceOf(responseMs),
    };
  }
}

/**
 * A call's turn timings as its frames come: each prompt frame (partial or final), the reply a
 * final prompt starts, and that reply's first words out. Plain counters and clock reads: it adds
 * nothing a reply waits for.
 */
export class TurnTimings {
  /** Prompt frames so far. */
  prompts = 0;
  /** The callee's silence before the turn under way; undefined while no frame of a turn came. */
  private calleeSilenceMs: number | null | undefined;
  private replying: ReplyTiming | null = null;

  /**
   * A prompt frame came. `silenceMs`: how long the line had been silent then since our last words
   * were heard (null: unknown, or a reply was being made). The first frame of the callee's turn
   * says the silence before it; a final frame ends the turn and starts the reply it answers.
   */
  prompt(final: boolean, silenceMs: number | null, at = now()): ReplyTiming | null {
    this.prompts++;
    if (this.calleeSilenceMs === undefined) this.calleeSilenceMs = silenceOf(silenceMs);
    if (!final) return null;
    const reply = new ReplyTiming(this, at, this.prompts, this.calleeSilenceMs);
    this.calleeSilenceMs = undefined;
    return reply;
  }

  /** The reply whose words go out from now on (null: words out are none of a reply's). */
  replyStarted(reply: ReplyTiming | null): void {
    this.replying = reply;
  }

  /** The reply is over: later words (a question after a silence) are not its. */
  replyEnded(reply: ReplyTiming): void {
    if (this.replying === reply) this.replying = null;
  }

  /** A text frame left. */
  wordsOut(at?: number): void {
    this.replying?.wordsOut(at);
  }
}
