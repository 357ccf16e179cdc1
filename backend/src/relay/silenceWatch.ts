import { config } from '../config';

/** Speech runs at about 150 words a minute. */
const MS_PER_WORD = 60_000 / 150;

/**
 * Milliseconds of a call as the wall clock sees them: the Twilio sandbox plays its calls faster
 * (SANDBOX_TIME_SCALE), and the agent's sense of a pause follows the call it is on.
 */
export const callClockMs = (ms: number) =>
  config.sandboxes.twilio ? ms / Math.max(config.sandboxTimeScale, 1) : ms;

/** Wall-clock milliseconds as the call's own (callClockMs the other way). */
export const onCallClock = (wallMs: number) =>
  config.sandboxes.twilio ? wallMs * Math.max(config.sandboxTimeScale, 1) : wallMs;

/** About how long the caller takes to hear `text` spoken. */
export const speakingMs = (text: string) => (text.match(/\S+/g)?.length ?? 0) * MS_PER_WORD;

export interface SilenceActions {
  /** Asks whether the caller is still there; answers what was said. */
  ask(): string;
  /** Ends the call politely. */
  giveUp(): void;
}

/**
 * The silence of a call: a period without the caller's words, counted from when the agent's last
 * words have been heard (ConversationRelay says nothing when its speech ends, so that is reckoned
 * from their length) and never while a reply is being made. The first period asks once whether
 * the caller is still there; a second in a row ends the call. Anything from the caller starts over.
 */
export class SilenceWatch {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private asked = false;
  private replies = 0;
  private stopped = false;
  /** When the agent's last words should have been heard (performance.now()); null while a reply is made. */
  private heardAt: number | null = null;

  constructor(
    private readonly silenceMs: number,
    private readonly actions: SilenceActions,
  ) {}

  /** The agent said `text` outside a reply (the greeting): the silence counts once it is heard. */
  agentSaid(text: string): void {
    if (this.replies === 0) this.arm(speakingMs(text));
  }

  /**
   * How long the line was silent, on the call's clock, from when the agent's last words were heard
   * to when the caller began saying `words`, heard just now: Twilio sends the words once said (or
   * part said), so they began about their speaking time before. Null while a reply is being made
   * or before anything was said.
   */
  silenceBefore(words: string, at = performance.now()): number | null {
    return this.heardAt === null ? null : Math.max(0, onCallClock(at - this.heardAt) - speakingMs(words));
  }

  /** The caller spoke (a partial prompt too), talked over the agent or pressed a key. */
  callerActive(): void {
    this.asked = false;
    this.clear();
  }

  /** A reply to the caller's words is being made: no silence runs meanwhile. */
  replyStarted(): void {
    this.replies++;
    this.heardAt = null;
    this.clear();
  }

  /** The reply is over, having said `spoken`: the silence counts once the last reply is heard. */
  replyEnded(spoken: string): void {
    this.replies = Math.max(0, this.replies - 1);
    if (this.replies === 0) this.arm(speakingMs(spoken));
  }

  /** The call is over: no timer is left behind. */
  stop(): void {
    this.stopped = true;
    this.clear();
  }

  private arm(speechMs: number): void {
    this.clear();
    this.heardAt = performance.now() + callClockMs(speechMs);
    if (this.stopped) return;
    this.timer = setTimeout(() => this.elapsed(), callClockMs(speechMs + this.silenceMs));
    this.timer.unref?.();
  }

  private clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private elapsed(): void {
    this.timer = undefined;
    if (this.stopped || this.replies > 0) return;
    if (this.asked) {
      this.stop();
      this.actions.giveUp();
      return;
    }
    this.asked = true;
    this.arm(speakingMs(this.actions.ask()));
  }
}
