import type { SandboxCall } from './call';
import type { NewStep, Step } from './steps';

/**
 * One change to a call, worked out in memory from the state read: the new state and the steps
 * it schedules. It is saved atomically, or thrown away and worked out again if the call changed
 * in between, so working it out must not touch anything outside (HTTP happens in steps).
 */
export class CallTransition {
  readonly steps: Step[] = [];

  constructor(readonly call: SandboxCall) {}

  /** Moves the call's time to `at` (never backwards) and returns it. */
  now(at: number): number {
    this.call.clock = Math.max(this.call.clock, at);
    return this.call.clock;
  }

  schedule(step: NewStep): Step {
    const numbered = { ...step, sid: this.call.sid, n: ++this.call.stepCount } as Step;
    this.steps.push(numbered);
    return numbered;
  }

  /** Schedules the call's next main-line step; any main-line step scheduled before becomes stale. */
  scheduleMain(step: Extract<NewStep, { kind: 'advance' | 'fetch' | 'relay' | 'dial' }>): void {
    this.call.mainStep = this.schedule(step).n;
  }

  /** Drops the pending main-line step (the call ended, or waits on something else). */
  clearMain(): void {
    this.call.mainStep = null;
  }

  /** A signed POST (or GET) to one of our URLs, delivered by a step of its own. */
  post(url: string, method: string, params: Record<string, string>, at: number): void {
    this.schedule({ kind: 'post', at, accountSid: this.call.accountSid, url, method, params });
  }
}
