import { answererOf, inConversation, isTerminal } from './call';
import { finish, statusEvent } from './callEvents';
import { SECOND } from './clock';
import { TIMING } from './personas';
import { runProgram, startCallTwiml } from './program';
import type { CallTransition } from './transition';

/**
 * A call's life as the network and the callee play it: queued -> initiated -> ringing -> the
 * outcome the called number's last digit gives (personas.ts). Each function is one moment of it,
 * at simulated time `at`, and schedules the next.
 */
export function advance(t: CallTransition, at: number): void {
  const { call } = t;
  if (call.status === 'queued') {
    if (call.startTime === null) initiate(t, at);
    else ring(t, at);
  } else if (call.status === 'ringing') pickUp(t, at);
  else if (call.status === 'in-progress') runProgram(t, at);
}

function initiate(t: CallTransition, at: number): void {
  t.call.startTime = t.now(at);
  statusEvent(t, 'initiated', at);
  t.scheduleMain({ kind: 'advance', at: at + TIMING.ringsAfter });
}

/** How long it rings before the outcome; an answer slower than the ring `Timeout` is a no-answer. */
function ringingTime(t: CallTransition): number {
  const timeout = t.call.request.timeoutSeconds * SECOND;
  const persona = answererOf(t.call);
  if (persona.kind === 'busy') return TIMING.busyAfter;
  if (persona.kind === 'failed') return TIMING.failsAfter;
  if (persona.kind === 'no-answer') return timeout;
  return Math.min(TIMING.answeredAfter, timeout);
}

function ring(t: CallTransition, at: number): void {
  t.call.status = 'ringing';
  t.now(at);
  statusEvent(t, 'ringing', at);
  t.scheduleMain({ kind: 'advance', at: at + ringingTime(t) });
}

function pickUp(t: CallTransition, at: number): void {
  const persona = answererOf(t.call);
  if (persona.kind === 'busy') finish(t, 'busy', at);
  else if (persona.kind === 'failed') finish(t, 'failed', at);
  else if (persona.kind === 'no-answer' || TIMING.answeredAfter >= t.call.request.timeoutSeconds * SECOND) {
    finish(t, 'no-answer', at);
  } else answer(t, at);
}

function answer(t: CallTransition, at: number): void {
  const { call } = t;
  const persona = answererOf(call);
  call.status = 'in-progress';
  call.answeredAt = t.now(at);
  statusEvent(t, 'answered', at);
  t.schedule({ kind: 'hangup', reason: 'time-limit', at: at + call.request.timeLimitSeconds * SECOND });
  if (persona.kind === 'person' && persona.hangsUpAfterMs) {
    t.schedule({ kind: 'hangup', reason: 'callee', at: at + persona.hangsUpAfterMs });
  }
  const detection = call.request.machineDetection;
  if (detection) {
    const decidesAfter =
      persona.kind === 'machine' && detection === 'DetectMessageEnd'
        ? TIMING.beepAfter
        : TIMING.humanDetectedAfter;
    t.schedule({ kind: 'amd', at: at + decidesAfter });
    // Synchronous AMD holds the TwiML until it has decided.
    if (!call.request.asyncAmd) return;
  }
  startCallTwiml(t, at);
}

/**
 * Answering-machine detection decides: `human` for a person; for the machine, `machine_end_beep`
 * at the beep (DetectMessageEnd) or `machine_start` (Enable). Async AMD posts it to
 * AsyncAmdStatusCallback; sync AMD now requests the call's TwiML, with `AnsweredBy` in it.
 */
export function detectAnsweringMachine(t: CallTransition, at: number): boolean {
  const { call } = t;
  if (call.status !== 'in-progress' || call.answeredBy !== null || call.answeredAt === null) return false;
  const machine = answererOf(call).kind === 'machine';
  call.answeredBy = !machine
    ? 'human'
    : call.request.machineDetection === 'Enable'
      ? 'machine_start'
      : 'machine_end_beep';
  t.now(at);
  const { asyncAmd, asyncAmdStatusCallback, asyncAmdStatusCallbackMethod } = call.request;
  if (asyncAmd && asyncAmdStatusCallback) {
    const params = {
      AccountSid: call.accountSid,
      AnsweredBy: call.answeredBy,
      CallSid: call.sid,
      MachineDetectionDuration: String(Math.round(at - call.answeredAt)),
    };
    t.post(asyncAmdStatusCallback, asyncAmdStatusCallbackMethod, params, at);
  } else if (!asyncAmd && !call.program && call.mainStep === null) {
    startCallTwiml(t, at);
  }
  return true;
}

/**
 * The callee hangs up, or the call reaches its TimeLimit: a live call completes. A callee who
 * hangs up on a recording after a while may be talking with the agent instead: the conversation
 * then decides when they hang up (relay/); while the TwiML is still on its way, they wait a
 * second more to hear which it is.
 */
export function hangUp(t: CallTransition, reason: 'callee' | 'time-limit', at: number): boolean {
  const { call } = t;
  if (call.status !== 'in-progress') return false;
  if (reason === 'callee') {
    if (inConversation(call)) return false;
    if (call.program === null && call.mainStep !== null) {
      t.schedule({ kind: 'hangup', reason, at: at + SECOND });
      return true;
    }
  }
  return finish(t, 'completed', at);
}

/**
 * calls.update with `Status`: `canceled` ends a call that is queued or ringing and leaves a live
 * one alone; `completed` ends it whatever its state (one not yet answered ends as canceled).
 */
export function hangUpByRequest(t: CallTransition, requested: 'completed' | 'canceled', at: number): boolean {
  const { status } = t.call;
  if (isTerminal(status)) return false;
  if (status === 'queued' || status === 'ringing') return finish(t, 'canceled', at);
  return requested === 'completed' && finish(t, 'completed', at);
}
