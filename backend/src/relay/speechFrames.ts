import type { RelayTextFrame } from '@ringcast/shared-types';

/**
 * The agent's speech as `text` frames. A piece is sent at once when nothing went out this turn of
 * the event loop; pieces that come after it in the same turn (a busy loop reads several of the
 * model's chunks at a time) wait for the loop's next turn and go out as one frame. Every frame is a
 * socket write, and on a busy api those writes are most of a reply's cost.
 */
export class SpeechFrames {
  private pending = '';
  private flushing: ReturnType<typeof setImmediate> | null = null;

  constructor(private readonly send: (frame: RelayTextFrame) => void) {}

  speak(token: string, last: boolean): void {
    this.pending += token;
    if (last) {
      this.clearFlush();
      this.sendPending(true);
    } else if (!this.flushing) {
      this.sendPending(false);
      this.flushing = setImmediate(() => {
        this.flushing = null;
        if (this.pending) this.sendPending(false);
      });
    }
  }

  /** Sends what waits now (before the session's `end`, say). */
  flush(): void {
    this.clearFlush();
    this.sendPending(false);
  }

  /** The caller talked over the agent: what was not sent yet is never said. */
  drop(): void {
    this.pending = '';
  }

  /** The session is over: no flush is left behind. */
  stop(): void {
    this.clearFlush();
    this.pending = '';
  }

  private sendPending(last: boolean): void {
    const token = this.pending;
    this.pending = '';
    if (token || last) this.send({ type: 'text', token, last });
  }

  private clearFlush(): void {
    if (this.flushing) clearImmediate(this.flushing);
    this.flushing = null;
  }
}
