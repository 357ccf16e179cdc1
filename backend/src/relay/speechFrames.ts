import type { RelayTextFrame } from '@ringcast/shared-types';

/**
 * The agent's speech as `text` frames. The first piece of a reply goes out at once; the pieces
 * after it are gathered for a short while (`gatherMs`; 0: one turn of the event loop) and go out
 * together, and the last piece closes the reply at once. Every frame is a socket write, and with
 * many calls on one api those writes were most of a reply's cost; a few tens of ms are nothing
 * to speech that is already playing (a spoken word takes about 400 ms).
 */
export class SpeechFrames {
  private pending = '';
  /** While it runs, pieces wait; when it ends with some waiting, they go and another one starts. */
  private window: { close(): void } | null = null;

  constructor(
    private readonly send: (frame: RelayTextFrame) => void,
    private readonly gatherMs: number,
  ) {}

  speak(token: string, last: boolean): void {
    this.pending += token;
    if (last) {
      this.closeWindow();
      this.sendPending(true);
    } else if (!this.window) {
      this.sendPending(false);
      this.openWindow();
    }
  }

  /** Sends what waits now (before the session's `end`, say). */
  flush(): void {
    this.closeWindow();
    this.sendPending(false);
  }

  /** The caller talked over the agent: what was not sent yet is never said. */
  drop(): void {
    this.pending = '';
  }

  /** The session is over: no timer is left behind. */
  stop(): void {
    this.closeWindow();
    this.pending = '';
  }

  private openWindow(): void {
    const elapsed = () => {
      this.window = null;
      if (!this.pending) return;
      this.sendPending(false);
      this.openWindow();
    };
    if (this.gatherMs > 0) {
      const timer = setTimeout(elapsed, this.gatherMs);
      this.window = { close: () => clearTimeout(timer) };
    } else {
      const immediate = setImmediate(elapsed);
      this.window = { close: () => clearImmediate(immediate) };
    }
  }

  private closeWindow(): void {
    this.window?.close();
    this.window = null;
  }

  private sendPending(last: boolean): void {
    const token = this.pending;
    this.pending = '';
    if (token || last) this.send({ type: 'text', token, last });
  }
}
