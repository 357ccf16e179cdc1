/**
 * Holds back high-rate sends: per key, the first send goes out at once, and every later one within
 * `windowMs` is replaced by the next, so only the latest goes out when the window ends (which opens
 * a new window). At most one send per key per window, and the last one always goes out.
 */
export class Coalescer {
  private readonly windows = new Map<string, { pending: (() => void) | null }>();

  constructor(private readonly windowMs: number) {}

  push(key: string, send: () => void): void {
    const open = this.windows.get(key);
    if (open) {
      open.pending = send;
      return;
    }
    send();
    this.open(key);
  }

  /** Sends every held-back send now (before a process stops). */
  flush(): void {
    for (const [key, window] of this.windows) {
      this.windows.delete(key);
      window.pending?.();
    }
  }

  private open(key: string): void {
    const window = { pending: null as (() => void) | null };
    this.windows.set(key, window);
    const close = () => {
      if (this.windows.get(key) !== window) return;
      this.windows.delete(key);
      if (!window.pending) return;
      window.pending();
      this.open(key);
    };
    // A held-back send must not keep a process alive; stopping flushes it instead.
    setTimeout(close, this.windowMs).unref();
  }
}
