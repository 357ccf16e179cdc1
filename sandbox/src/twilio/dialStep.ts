import { isTerminal, type SandboxCall } from './call';
import { changeCall } from './calls';
import { insertCall, loadCall } from './callStore';
import { isCurrent } from './currentStep';
import { beginDial, dialActionParams, newLeg } from './dialing';
import { advance, hangUpByRequest } from './lifecycle';
import { runProgram } from './program';
import { releaseStep, type Step } from './steps';
import { CallTransition } from './transition';

/**
 * The steps of a `<Dial>` (dialing.ts): placing the leg, the parent hearing that it ended, and
 * the leg hung up with its parent. Each may run again after a player died midway: the leg's sid
 * is fixed by the step, the parent records it before it is stored, and each change checks it.
 */

/**
 * The parent's `<Dial>`: it records its leg (its step stays its main one, so a run again after a
 * crash finds it), then the leg is stored with its first step unless a run before stored it.
 */
export async function runDialStep(step: Extract<Step, { kind: 'dial' }>, member: string): Promise<void> {
  const parent = await changeCall(step.sid, (t) => isCurrent(t.call, step) && beginDial(t, step));
  const pending = parent && isCurrent(parent, step) ? parent.dial : undefined;
  if (parent && pending && pending.step === step.n && !(await loadCall(pending.legSid))) {
    const t = new CallTransition(newLeg(parent, pending.spec, pending.step, step.at));
    advance(t, step.at);
    await insertCall(t.call, t.steps);
  }
  await releaseStep(member);
}

/**
 * The parent hears its leg ended: with an action, Twilio requests it with the Dial's outcome and
 * plays what it answers; without one, the next verb plays. A parent that ended or moved on to
 * other TwiML meanwhile changes nothing.
 */
function legEnded(t: CallTransition, leg: SandboxCall, at: number): boolean {
  const { call } = t;
  const pending = call.dial;
  if (!pending || pending.legSid !== leg.sid || isTerminal(call.status)) return false;
  call.dial = null;
  if (call.mainStep !== pending.step) return true;
  t.clearMain();
  const now = t.now(at);
  const { action, method } = pending.spec;
  if (action) t.scheduleMain({ kind: 'fetch', at: now, url: action, method, params: dialActionParams(leg) });
  else runProgram(t, now);
  return true;
}

export async function runLegEndedStep(step: Extract<Step, { kind: 'leg-ended' }>, member: string) {
  const leg = await loadCall(step.sid);
  if (!leg || !isTerminal(leg.status)) {
    await releaseStep(member);
    return;
  }
  await changeCall(step.parentSid, (t) => legEnded(t, leg, step.at), member);
}

/** The call that dialed ended or moved on: its leg, if still up, ends too (canceled while it rings). */
export async function runEndLegStep(step: Extract<Step, { kind: 'end-leg' }>, member: string) {
  await changeCall(step.legSid, (t) => hangUpByRequest(t, 'completed', t.now(step.at)), member);
}
