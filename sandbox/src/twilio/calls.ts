import type { SandboxAccount } from './accounts';
import { newSandboxCall, type SandboxCall } from './call';
import { insertCall, loadCall, saveCall } from './callStore';
import type { NewCallRequest } from './callRequest';
import { simTimeOf } from './clock';
import { advance, hangUpByRequest } from './lifecycle';
import { replaceTwiml } from './program';
import { releaseStep } from './steps';
import { CallTransition } from './transition';

/** A change to one call: returns whether it changed anything. It may run again if the call moved meanwhile. */
export type CallChange = (t: CallTransition) => boolean;

const MAX_ATTEMPTS = 50;
/**
 * Steps of one call that lost a save wait a random while, growing with each loss, before trying
 * again: retried at once, a dozen steps of a busy call met again in step, and on a loaded api
 * (each round trip slowed by the event loop) some lost all their attempts.
 */
const backOff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 2 ** attempt)));

/**
 * Applies `change` to the call as stored now, and saves it if no one else did in between
 * (otherwise reads it again and retries). `releasedStep`, the step that asked for the change, is
 * released in the same save. Undefined: no such call, or the step was taken back meanwhile.
 */
export async function changeCall(
  sid: string,
  change: CallChange,
  releasedStep?: string,
): Promise<SandboxCall | undefined> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const stored = await loadCall(sid);
    if (!stored) return undefined;
    const t = new CallTransition(JSON.parse(JSON.stringify(stored)) as SandboxCall);
    if (!change(t)) {
      if (releasedStep) await releaseStep(releasedStep);
      return stored;
    }
    t.call.version = stored.version + 1;
    const result = await saveCall(t.call, stored.version, t.steps, releasedStep);
    if (result === 'saved') return t.call;
    if (result === 'step-taken-back') return undefined;
    await backOff(attempt);
  }
  throw new Error(`twilio sandbox: call ${sid} kept changing under ${MAX_ATTEMPTS} attempts`);
}

/** calls.create: the call is queued, and initiated at once (the sandbox keeps no CPS queue). */
export async function createCall(account: SandboxAccount, { to, from, request }: NewCallRequest) {
  const now = Date.now();
  const call = newSandboxCall({
    accountSid: account.sid,
    to,
    from,
    status: 'queued',
    request,
    now,
    answered: false,
  });
  const t = new CallTransition(call);
  advance(t, now);
  await insertCall(call, t.steps);
  return call;
}

/** calls(sid).update: hang up, or play new TwiML. Its simulated time is now on the call's clock. */
export async function updateCall(
  sid: string,
  update: { status?: 'completed' | 'canceled'; twiml?: string; url?: string; method: string },
) {
  return changeCall(sid, (t) => {
    const at = t.now(simTimeOf(t.call, Date.now()));
    if (update.status) return hangUpByRequest(t, update.status, at);
    if (update.twiml || update.url) {
      replaceTwiml(t, { twiml: update.twiml, url: update.url, method: update.method }, at);
      return true;
    }
    return false;
  });
}
