import { isTerminal, type SandboxCall } from './call';
import type { CallChange } from './calls';
import type { Step } from './steps';
import type { CallTransition } from './transition';

/** A main-line step is the call's current one, or stale (the call moved on, or ended). */
export const isCurrent = (call: SandboxCall, step: Step) =>
  call.mainStep === step.n && !isTerminal(call.status);

/** A main-line step's change, which a stale step does not make. */
export const ifCurrent =
  (step: Step, play: (t: CallTransition) => void): CallChange =>
  (t) => {
    if (!isCurrent(t.call, step)) return false;
    // This step is done; what it plays may schedule the next one.
    t.clearMain();
    play(t);
    return true;
  };
