import { isTerminal, type SandboxCall } from './call';
import { changeCall, type CallChange } from './calls';
import { loadCall } from './callStore';
import { deliverCallback, sendToApp } from './deliveries';
import { advance, detectAnsweringMachine, hangUp } from './lifecycle';
import { standardParams } from './params';
import { playFetchedTwiml, type FetchedTwiml } from './program';
import { releaseStep, stepId, type Step } from './steps';
import type { CallTransition } from './transition';
import { parseTwiml } from './twiml';

/** A main-line step is the call's current one, or stale (the call moved on, or ended). */
const isCurrent = (call: SandboxCall, step: Step) => call.mainStep === step.n && !isTerminal(call.status);

/** A main-line step's change, which a stale step does not make. */
const ifCurrent =
  (step: Step, play: (t: CallTransition) => void): CallChange =>
  (t) => {
    if (!isCurrent(t.call, step)) return false;
    // This step is done; what it plays may schedule the next one.
    t.clearMain();
    play(t);
    return true;
  };

/** Requests TwiML from our app for a call, as Twilio does on answer, for a <Gather> action or a <Redirect>. */
async function fetchTwiml(call: SandboxCall, step: Extract<Step, { kind: 'fetch' }>): Promise<FetchedTwiml> {
  try {
    const { status, body } = await sendToApp({
      accountSid: call.accountSid,
      url: step.url,
      method: step.method,
      params: { ...standardParams(call), ...step.params },
      idempotencyToken: stepId(step),
    });
    if (status < 200 || status >= 300) return { ok: false, error: `HTTP ${status} (Twilio error 11200)` };
    return { ok: true, verbs: parseTwiml(body) };
  } catch (err) {
    return { ok: false, error: `${(err as Error).message} (Twilio error 11200/12100)` };
  }
}

/**
 * Runs one claimed step (`member` is it as stored). A call change is saved together with the
 * step's release; HTTP happens before that, so a step that dies midway runs again from the start.
 */
export async function runStep(member: string): Promise<void> {
  const step = JSON.parse(member) as Step;
  switch (step.kind) {
    case 'post': {
      const { accountSid, url, method, params } = step;
      await deliverCallback({ accountSid, url, method, params, idempotencyToken: stepId(step) });
      await releaseStep(member);
      return;
    }
    case 'fetch': {
      const call = await loadCall(step.sid);
      if (!call || !isCurrent(call, step)) {
        await releaseStep(member);
        return;
      }
      const fetched = await fetchTwiml(call, step);
      await changeCall(
        step.sid,
        ifCurrent(step, (t) => playFetchedTwiml(t, step.url, fetched, step.at)),
        member,
      );
      return;
    }
    case 'advance':
      await changeCall(
        step.sid,
        ifCurrent(step, (t) => advance(t, step.at)),
        member,
      );
      return;
    case 'amd':
      await changeCall(step.sid, (t) => detectAnsweringMachine(t, step.at), member);
      return;
    case 'hangup':
      await changeCall(step.sid, (t) => hangUp(t, step.at), member);
      return;
  }
}
