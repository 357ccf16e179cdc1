/**
 * A relay session's simulated time: it starts at the simulated moment its step was due and runs
 * `scale` times faster than the wall clock from the moment the session really began, so a late
 * claim adds nothing and what the agent takes to answer counts as the callee hears it.
 */
export class SessionClock {
  private readonly wallStart = Date.now();

  constructor(
    readonly startAt: number,
    readonly scale: number,
  ) {}

  /** Simulated ms now. */
  now(): number {
    return this.startAt + (Date.now() - this.wallStart) * this.scale;
  }

  /** Wall ms until simulated moment `at`. */
  wallMsUntil(at: number): number {
    return Math.max(0, (at - this.now()) / this.scale);
  }

  /** Wall ms a simulated span takes. */
  wallMs(simMs: number): number {
    return Math.max(0, simMs / this.scale);
  }
}
