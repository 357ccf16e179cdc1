import { config } from '../../../config';

const startedAt = Date.now();

function configuredClock(): Date {
  const start = config.dialerClockStart;
  return start ? new Date(start.getTime() + (Date.now() - startedAt)) : new Date();
}

let clock: () => Date = configuredClock;

/**
 * The instant the calling rules are judged at: the real time, or in the sandbox a clock started at
 * DIALER_CLOCK_START. Every time the dialer writes for the rules (attempt times, next attempts,
 * when a call to a number was queued) comes from here, so they agree with each other.
 */
export const dialerNow = (): Date => clock();

/** Tests drive the dialer through time; null goes back to the configured clock. */
export function setDialerClock(next: (() => Date) | null): void {
  clock = next ?? configuredClock;
}
