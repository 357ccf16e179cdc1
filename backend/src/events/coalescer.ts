/**
 * Holds back high-rate sends: per key, the first send goes out at once, and every later one within
 * `windowMs` is replaced by the next, so only the latest goes out when the window ends (which opens
 * a new window). At most one send per key per window, and the last one always goes out.
 *
 * A send may carry a version (when its state was written): publishes can come out of order (one
 * read a row before another wrote it), so a send older than one held back or already sent in the
 * window is dropped rather than let it replace, or follow, the newer state.
 */
export class Coalescer {
  private readonly windows = new Map<string, { pending: (() => void) | null; version: number }>();

  constructor(private readonly windowMs: number) {}

  push(key: string, send: () => void, version = -Infinity): void {
    const open = this.windows.get(key);
    if (open) {
      if (version < open.version) return;
      open.pending = send;
      open.version = version;
      return;
    }
    send();
    this.open(key, version);
  }

  /** Sends every held-back send now (before a process stops). */
  flush(): void {
    for (const [key, window] of this.windows) {
      this.windows.delete(key);
      window.pending?.();
    }
  }

  private open(key: string, version: number): void {
    const window = { pending: null as (() => void) | null, version };
    this.windows.set(key, window);
    const close = () => {
      if (this.windows.get(key) !== window) return;
      this.windows.delete(key);
      if (!window.pending) return;
      window.pending();
      this.open(key, window.version);
    };
    // A held-back send must not keep a process alive; stopping flushes it instead.
    setTimeout(close, this.windowMs).unref();
  }
}
