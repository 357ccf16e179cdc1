import { createHash } from 'node:crypto';
import { isTerminal, newSandboxCall, type SandboxCall } from './call';
import { SECOND } from './clock';
import { talkSeconds } from './params';
import type { CallTransition } from './transition';
import type { DialSpec, TwimlNode } from './twiml';

/**
 * `<Dial>` as Twilio plays it. The dialing call (the parent) places a leg of its own (a child
 * call: own CA sid, `outbound-dial`, parentCallSid the parent's) and waits on it, its `<Dial>`
 * step staying its main one. The leg rings and is answered, busy or not answered as its number's
 * last digit says (personas.ts, destinationFor); the person who answers hears the `<Number url>`'s
 * TwiML first (a whisper, kept in the leg's `heard`), then the two calls are bridged until the
 * person hangs up. Then the parent requests the Dial's action with how it went, or plays its next
 * verb. Each leg is a call like any other: fetchable, listed, priced on its own.
 */

/** The person who took a transfer talks with the callee this long, then hangs up. */
export const BRIDGED_TALK_MS = 30 * SECOND;

/** The leg a `<Dial>` step places: the same sid however often the step runs. */
export const legSidOf = (parentSid: string, step: number) =>
  `CA${createHash('sha256').update(`${parentSid}:dial:${step}`).digest('hex').slice(0, 32)}`;

/** The leg as the network first holds it: queued, ringing `timeout` seconds, its whisper as its TwiML. */
export function newLeg(parent: SandboxCall, dial: DialSpec, step: number, at: number): SandboxCall {
  const leg = newSandboxCall({
    accountSid: parent.accountSid,
    to: dial.number,
    from: dial.callerId ?? parent.from,
    direction: 'outbound-dial',
    status: 'queued',
    request: {
      url: dial.url,
      method: dial.urlMethod,
      statusCallbackMethod: 'POST',
      statusCallbackEvents: [],
      timeoutSeconds: dial.timeoutSeconds,
      timeLimitSeconds: parent.request.timeLimitSeconds,
      asyncAmd: false,
      asyncAmdStatusCallbackMethod: 'POST',
    },
    now: at,
    answered: false,
  });
  // The leg runs on its parent's clock: the same scale, and the same moment where it meets the wall's.
  return {
    ...leg,
    sid: legSidOf(parent.sid, step),
    parentCallSid: parent.sid,
    scale: parent.scale,
    anchor: parent.anchor ?? parent.createdAt,
    heard: [],
  };
}

/** The parent's `<Dial>` step records its leg, once; the leg is stored after this is saved (dialStep.ts). */
export function beginDial(t: CallTransition, step: { n: number; dial: DialSpec; at: number }): boolean {
  if (t.call.dial) return false;
  t.now(step.at);
  t.call.dial = { legSid: legSidOf(t.call.sid, step.n), step: step.n, spec: step.dial };
  return true;
}

/** Whether the call is a `<Dial>` leg, whose document ending means bridging rather than hanging up. */
export const isLeg = (call: SandboxCall) => call.direction === 'outbound-dial';

/** The leg's document (its whisper) played out: the person is bridged with the parent's callee. */
export function bridge(t: CallTransition, at: number): void {
  t.call.bridgedAt = t.now(at);
  t.call.program = null;
  t.schedule({ kind: 'hangup', reason: 'callee', at: at + BRIDGED_TALK_MS });
}

/** Keeps what the person on a leg hears (a `<Say>` of the whisper), for the inspection API. */
export function noteHeard(t: CallTransition, verb: TwimlNode, at: number): void {
  if (!isLeg(t.call) || verb.name !== 'Say') return;
  const text = [verb.text, ...verb.children.map((child) => child.text)].filter(Boolean).join(' ');
  t.call.heard = [...(t.call.heard ?? []), { at, text }];
}

/**
 * A call that ends: a leg tells its parent; a parent with a leg still up hangs it up (Twilio ends
 * the child legs with the call that dialed them).
 */
export function onCallEnded(t: CallTransition, at: number): void {
  const { call } = t;
  if (call.parentCallSid) t.schedule({ kind: 'leg-ended', parentSid: call.parentCallSid, at });
  if (call.dial) dropDial(t, at);
}

/** The parent stops waiting on its leg (it ended, or plays other TwiML now) and hangs the leg up. */
export function dropDial(t: CallTransition, at: number): void {
  if (!t.call.dial) return;
  t.schedule({ kind: 'end-leg', legSid: t.call.dial.legSid, at });
  t.call.dial = null;
}

/**
 * The fields Twilio adds to the Dial's action request (besides the parent's standard ones): the
 * leg's final status as DialCallStatus (Twilio's values are the call's), and its length once answered.
 */
export function dialActionParams(leg: SandboxCall): Record<string, string> {
  return {
    DialCallStatus: isTerminal(leg.status) ? leg.status : 'failed',
    DialCallSid: leg.sid,
    ...(leg.answeredAt !== null ? { DialCallDuration: String(talkSeconds(leg)) } : {}),
    DialBridged: String(leg.bridgedAt !== undefined),
  };
}
