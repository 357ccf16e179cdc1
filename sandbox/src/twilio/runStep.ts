import type { SandboxCall } from './call';
import { changeCall } from './calls';
import { loadCall } from './callStore';
import { ifCurrent, isCurrent } from './currentStep';
import { deliverCallback, sendToApp, type PlayerHost } from './deliveries';
import { runDialStep, runEndLegStep, runLegEndedStep } from './dialStep';
import { advance, detectAnsweringMachine, hangUp } from './lifecycle';
import { standardParams } from './params';
import { playFetchedTwiml, type FetchedTwiml } from './program';
import { completeRecording } from './recordings';
import { runRelayStep } from './relayStep';
import { releaseStep, stepId, type Step } from './steps';
import { parseTwiml } from './twiml';

/** Requests TwiML from our app for a call, as Twilio does on answer, for a <Gather> action or a <Redirect>. */
async function fetchTwiml(
  call: SandboxCall,
  step: Extract<Step, { kind: 'fetch' }>,
  host: PlayerHost,
): Promise<FetchedTwiml> {
  try {
    const { status, body } = await sendToApp(
      {
        accountSid: call.accountSid,
        url: step.url,
        method: step.method,
        params: { ...standardParams(call), ...step.params },
        idempotencyToken: stepId(step),
      },
      host,
    );
    if (status < 200 || status >= 300) return { ok: false, error: `HTTP ${status} (Twilio error 11200)` };
    return { ok: true, verbs: parseTwiml(body) };
  } catch (err) {
    return { ok: false, error: `${(err as Error).message} (Twilio error 11200/12100)` };
  }
}

/**
 * Runs one claimed step (`member` is it as stored). A call change is saved together with the
 * step's release; HTTP happens before that, so a step that dies midway runs again from the start
 * (but a relay session, whose socket dies with its process, ends the call: relayStep.ts).
 * `signal` aborts when the player stops: a relay session is then cut off.
 */
export async function runStep(member: string, host: PlayerHost, signal?: AbortSignal): Promise<void> {
  const step = JSON.parse(member) as Step;
  switch (step.kind) {
    case 'post': {
      const { accountSid, url, method, params } = step;
      await deliverCallback({ accountSid, url, method, params, idempotencyToken: stepId(step) }, host);
      await releaseStep(member);
      return;
    }
    case 'recording':
      await completeRecording(step.recording, host, stepId(step));
      await releaseStep(member);
      return;
    case 'fetch': {
      const call = await loadCall(step.sid);
      if (!call || !isCurrent(call, step)) {
        await releaseStep(member);
        return;
      }
      const fetched = await fetchTwiml(call, step, host);
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
    case 'relay':
      await runRelayStep(step, member, host, signal);
      return;
    case 'amd':
      await changeCall(step.sid, (t) => detectAnsweringMachine(t, step.at), member);
      return;
    case 'hangup':
      await changeCall(step.sid, (t) => hangUp(t, step.reason, step.at), member);
      return;
    case 'dial':
      await runDialStep(step, member, host);
      return;
    case 'leg-ended':
      await runLegEndedStep(step, member);
      return;
    case 'end-leg':
      await runEndLegStep(step, member);
      return;
  }
}
