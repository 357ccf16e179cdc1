/**
 * Simulated time. A call keeps the time scale it was created with (SANDBOX_TIME_SCALE): its
 * steps are due scale times sooner in wall time, while everything it reports (timestamps,
 * durations, price) is in simulated time, which starts at the wall clock when the call was created.
 * So a 30 s call played 50 times faster takes 0.6 s and still reports 30 s.
 */
export interface CallClock {
  createdAt: number;
  scale: number;
  /**
   * The wall-clock moment at which simulated and wall time agree: `createdAt`, unless the call
   * began on another call's clock (a `<Dial>` leg shares its parent's).
   */
  anchor?: number;
}

const anchorOf = (call: CallClock) => call.anchor ?? call.createdAt;

export const SECOND = 1000;

/** Wall-clock ms at which something happening at simulated `simMs` is due. */
export const wallTimeOf = (call: CallClock, simMs: number) =>
  anchorOf(call) + (simMs - anchorOf(call)) / call.scale;

/** Simulated ms of a wall-clock moment (for requests that arrive from outside, e.g. a hang-up). */
export const simTimeOf = (call: CallClock, wallMs: number) =>
  anchorOf(call) + (wallMs - anchorOf(call)) * call.scale;

/** RFC 2822 in UTC, as Twilio writes dates: `Tue, 31 Aug 2010 20:36:28 +0000`. */
export const rfc2822 = (ms: number) => new Date(ms).toUTCString().replace('GMT', '+0000');
