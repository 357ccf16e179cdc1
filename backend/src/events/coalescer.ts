/**
 * The one coalescing step of an event the events table coalesces: one window at a time, opened by
 * the first push and `windowMs` long. Per key, the latest push of a window waits for its end, and
 * everything held then goes out together, in one `deliver` (so a re-read reads every entity the
 * window named in one go). A key delivered at a window's end is held in the next window too: while
 * pushes keep coming, a key goes out once per window, and the last push always goes out.
 *
 * `leading`: a key not sent in the open window goes out at once rather than wait (pushes that carry
 * their payload; a re-read waits, so that a burst is read once).
 *
 * A push may carry a version (when its state was written): publishes can come out of order (one
 * read a row before another wrote it), so a push older than one held back or already sent in the
 * window is dropped rather than let it replace, or follow, the newer state.
 */
export class Coalescer<T> {
  private held = new Map<number, { item: T; version: number }>();
  /** Keys that went out in the window now open, with the version they had. */
  private sent = new Map<number, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly windowMs: number,
    private readonly deliver: (items: T[]) => void,
    private readonly leading: boolean,
  ) {}

  push(key: number, item: T, version = -Infinity): void {
    const last = this.held.get(key)?.version ?? this.sent.get(key);
    if (last !== undefined && version < last) return;
    this.timer ??= this.openWindow();
    if (this.leading && last === undefined) {
      this.sent.set(key, version);
      this.deliver([item]);
    } else this.held.set(key, { item, version });
  }

  /** Delivers everything held now (before a process stops). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const due = [...this.held.values()].map(({ item }) => item);
    this.held.clear();
    this.sent.clear();
    if (due.length) this.deliver(due);
  }

  // A held push must not keep a process alive; stopping flushes it instead.
  private openWindow() {
    return setTimeout(() => this.close(), this.windowMs).unref();
  }

  private close(): void {
    const due = this.held;
    this.held = new Map();
    this.sent = new Map([...due].map(([key, { version }]) => [key, version]));
    this.timer = due.size ? this.openWindow() : undefined;
    if (due.size) this.deliver([...due.values()].map(({ item }) => item));
  }
}
