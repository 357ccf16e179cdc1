import { wallTimeOf, type CallClock } from './clock';
import type { SandboxRecording } from './recordings';
import { sandboxKey, sandboxRedis } from './store';
import type { ConversationRelaySpec, DialSpec } from './twiml';

/**
 * The steps of every live call, due at a simulated time, kept in a Redis sorted set scored by
 * the wall time they are due at. Any api process's player claims due steps and runs them.
 */
interface StepBase {
  sid: string;
  /** Unique within the call. */
  n: number;
  /** Simulated ms the step happens at. */
  at: number;
}

export type Step = StepBase &
  (
    | { kind: 'advance' }
    | { kind: 'fetch'; url: string; method: string; params: Record<string, string> }
    /** A ConversationRelay session: held by the player that claimed it until the session ends. */
    | { kind: 'relay'; relay: ConversationRelaySpec }
    | { kind: 'amd' }
    | { kind: 'hangup'; reason: 'callee' | 'time-limit' }
    | { kind: 'post'; accountSid: string; url: string; method: string; params: Record<string, string> }
    /** A recording ended with its call: kept, then its status callback posted (recordings.ts). */
    | { kind: 'recording'; recording: SandboxRecording }
    /** A `<Dial>` places its leg; the step stays the call's main one until the leg ends (dialing.ts). */
    | { kind: 'dial'; dial: DialSpec }
    /** A `<Dial>` leg ended: its parent (`parentSid`) hears of it. */
    | { kind: 'leg-ended'; parentSid: string }
    /** The call that dialed ended first: Twilio hangs up its leg (`legSid`). */
    | { kind: 'end-leg'; legSid: string }
  );

/** A step before it is numbered: what a transition asks for. */
type Unnumbered<S> = S extends Step ? Omit<S, 'sid' | 'n'> : never;
export type NewStep = Unnumbered<Step>;

export const dueStepsKey = () => sandboxKey('steps', 'due');
export const runningStepsKey = () => sandboxKey('steps', 'running');

export const stepId = (step: Step) => `${step.sid}:${step.n}`;

/** Score/member pairs for ZADD: wall time due, then the step itself. */
export const schedulingArgs = (call: CallClock, steps: Step[]) =>
  steps.flatMap((step) => [Math.round(wallTimeOf(call, step.at)), JSON.stringify(step)]);

type Listener = (earliestDueAt: number) => void;
const listeners = new Set<Listener>();

/** Players in this process hear when it schedules a step, so they need not wait for their next poll. */
export function onStepsScheduled(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyStepsScheduled(call: CallClock, steps: Step[]): void {
  if (steps.length === 0 || listeners.size === 0) return;
  const earliest = Math.min(...steps.map((step) => wallTimeOf(call, step.at)));
  for (const listener of listeners) listener(earliest);
}

/** Claims due steps (see CLAIM_STEPS); returns them raw, as claimed, and when the next is due. */
export async function claimDueSteps(max: number, leaseMs: number) {
  const now = Date.now();
  const [claimed, nextDue] = await sandboxRedis().twilioSandboxClaimSteps(
    dueStepsKey(),
    runningStepsKey(),
    now,
    now + leaseMs,
    max,
  );
  return { claimed, nextDueAt: nextDue === null ? undefined : Number(nextDue) };
}

/** Extends the lease of the steps this process is still running (members that are gone stay gone). */
export async function renewLeases(members: string[], leaseMs: number): Promise<void> {
  if (members.length === 0) return;
  const until = Date.now() + leaseMs;
  await sandboxRedis().zadd(runningStepsKey(), 'XX', ...members.flatMap((member) => [until, member]));
}

/** A step that changed no call (a callback sent, a stale step) is done. */
export async function releaseStep(member: string): Promise<void> {
  await sandboxRedis().zrem(runningStepsKey(), member);
}
