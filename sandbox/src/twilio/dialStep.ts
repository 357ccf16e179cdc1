import { logger } from '../logger';
import { isTerminal, type PendingDial, type SandboxCall } from './call';
import { changeCall } from './calls';
import { insertCall, loadCall } from './callStore';
import { isCurrent } from './currentStep';
import type { PlayerHost } from './deliveries';
import { beginDial, dialActionParams, newLeg } from './dialing';
import { advance, hangUpByRequest } from './lifecycle';
import { ownsNumber } from './numbers';
import { runProgram } from './program';
import { bridgedSpeech, noteSpeech } from './recordings';
import { releaseStep, type Step } from './steps';
import { CallTransition } from './transition';

/**
 * The steps of a `<Dial>` (dialing.ts): placing the leg, the parent hearing that it ended, and
 * the leg hung up with its parent. Each may run again after a player died midway: the leg's sid
 * is fixed by the step, the parent records it before it is stored, and each change checks it.
 */

type DialStep = Extract<Step, { kind: 'dial' }>;

/**
 * The number the person called sees must be one the account may show, as at Twilio: one it owns,
 * or the dialing call's own caller or called number.
 */
async function mayShowCallerId(parent: SandboxCall, callerId: string | undefined, host: PlayerHost) {
  if (!callerId || callerId === parent.from || callerId === parent.to) return true;
  const account = { sid: parent.accountSid, platform: parent.accountSid === host.platformAccountSid };
  return ownsNumber(account, callerId);
}

/**
 * The parent's `<Dial>`: it records its leg (its step stays its main one, so a run again after a
 * crash finds it), then the leg is stored with its first step unless a run before stored it. A
 * callerId the account may not show fails the Dial without calling anyone (Twilio's 13214).
 */
export async function runDialStep(step: DialStep, member: string, host: PlayerHost): Promise<void> {
  const parent = await changeCall(step.sid, (t) => isCurrent(t.call, step) && beginDial(t, step));
  const pending = parent && isCurrent(parent, step) ? parent.dial : undefined;
  if (parent && pending && pending.step === step.n && !(await loadCall(pending.legSid))) {
    if (!(await mayShowCallerId(parent, pending.spec.callerId, host))) {
      logger.warn(
        { callSid: parent.sid, callerId: pending.spec.callerId },
        'twilio sandbox: <Dial> callerId is not a number of the account (Twilio error 13214): the Dial failed',
      );
      await changeCall(step.sid, (t) => dialFailed(t, step), member);
      return;
    }
    const t = new CallTransition(newLeg(parent, pending.spec, pending.step, step.at));
    advance(t, step.at);
    await insertCall(t.call, t.steps);
  }
  await releaseStep(member);
}

/** The Dial is over: Twilio requests its action with how it went, or without one plays the next verb. */
function dialOver(t: CallTransition, pending: PendingDial, params: Record<string, string>, at: number) {
  t.call.dial = null;
  t.clearMain();
  const now = t.now(at);
  const { action, method } = pending.spec;
  if (action) t.scheduleMain({ kind: 'fetch', at: now, url: action, method, params });
  else runProgram(t, now);
}

/** A Dial that called nobody: `failed`, with no leg. */
function dialFailed(t: CallTransition, step: DialStep): boolean {
  const pending = t.call.dial;
  if (!pending || pending.step !== step.n || !isCurrent(t.call, step)) return false;
  dialOver(t, pending, { DialCallStatus: 'failed', DialBridged: 'false' }, step.at);
  return true;
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
  if (call.mainStep === pending.step) dialOver(t, pending, dialActionParams(leg), at);
  else call.dial = null;
  return true;
}

export async function runLegEndedStep(step: Extract<Step, { kind: 'leg-ended' }>, member: string) {
  const leg = await loadCall(step.sid);
  if (!leg || !isTerminal(leg.status)) {
    await releaseStep(member);
    return;
  }
  // The bridged talk is heard on the calling party's recording (kept before the parent moves on).
  if (leg.bridgedAt !== undefined && leg.endTime !== null)
    await noteSpeech(step.parentSid, bridgedSpeech(leg.bridgedAt, leg.endTime));
  await changeCall(step.parentSid, (t) => legEnded(t, leg, step.at), member);
}

/** The call that dialed ended or moved on: its leg, if still up, ends too (canceled while it rings). */
export async function runEndLegStep(step: Extract<Step, { kind: 'end-leg' }>, member: string) {
  await changeCall(step.legSid, (t) => hangUpByRequest(t, 'completed', t.now(step.at)), member);
}
