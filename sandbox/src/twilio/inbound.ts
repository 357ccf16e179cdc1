import type { Context } from 'koa';
import { newSandboxCall, type SandboxCall } from './call';
import { insertCall } from './callStore';
import { PHONE_NUMBER } from './callRequest';
import { callResource } from './callResource';
import { SECOND } from './clock';
import { invalidParameter, TwilioSandboxError } from './errors';
import { findIncomingNumber } from './numbers';
import { field, readForm } from './request';
import { CallTransition } from './transition';

/** The longest an inbound call lasts before the network ends it (Twilio's own limit: 4 hours). */
const INBOUND_TIME_LIMIT_SECONDS = 4 * 3600;

/**
 * Someone (`from`) rings one of the numbers an account bought (`to`), as Twilio's network does:
 * the call is picked up at once and its number's voice URL is requested with the standard
 * parameters, Direction=inbound and CallStatus=ringing; the TwiML it answers is played like any
 * call's, with the caller played by the persona of their number's last digit, and the call's
 * final status goes to the number's status callback. Undefined when no account owns `to`.
 */
export async function ringNumber(from: string, to: string): Promise<SandboxCall | undefined> {
  const number = await findIncomingNumber(to);
  if (!number) return undefined;
  const now = Date.now();
  const call = newSandboxCall({
    accountSid: number.accountSid,
    to,
    from,
    direction: 'inbound',
    status: 'in-progress',
    request: {
      url: number.voiceUrl ?? undefined,
      method: number.voiceMethod,
      statusCallback: number.statusCallback ?? undefined,
      statusCallbackMethod: 'POST',
      // A number's status callback hears of the final status only.
      statusCallbackEvents: [],
      timeoutSeconds: 60,
      timeLimitSeconds: INBOUND_TIME_LIMIT_SECONDS,
      asyncAmd: false,
      asyncAmdStatusCallbackMethod: 'POST',
    },
    now,
    answered: true,
  });
  const t = new CallTransition(call);
  t.schedule({ kind: 'hangup', reason: 'time-limit', at: now + INBOUND_TIME_LIMIT_SECONDS * SECOND });
  if (call.request.url) {
    t.scheduleMain({
      kind: 'fetch',
      at: now,
      url: call.request.url,
      method: call.request.method,
      params: { CallStatus: 'ringing' },
    });
  } else {
    // A number without a voice URL plays nothing; the caller hears silence and hangs up.
    t.scheduleMain({ kind: 'advance', at: now + 5 * SECOND });
  }
  await insertCall(call, t.steps);
  return call;
}

/**
 * POST /sandbox/twilio/inbound-calls with the form fields `From` (the caller) and `To` (a number
 * an account bought): the sandbox's own way to ring a number, like a phone. It rings a customer's
 * campaign, so only an admin may (the api's check, TwilioSandboxHost.authorizeRinging, runs first).
 * Answers the new call's resource (201); a number nobody owns is refused (404, Twilio's 20404).
 */
export async function ringNumberRoute(ctx: Context): Promise<void> {
  const form = await readForm(ctx);
  const from = field(form, 'From');
  const to = field(form, 'To');
  if (!from || !PHONE_NUMBER.test(from)) throw invalidParameter(21212, `Invalid From number: ${from ?? ''}`);
  if (!to || !PHONE_NUMBER.test(to)) throw invalidParameter(21211, `Invalid 'To' Phone Number: ${to ?? ''}`);
  const call = await ringNumber(from, to);
  if (!call) throw new TwilioSandboxError(404, 20404, `No sandbox account owns the number ${to}`);
  ctx.status = 201;
  ctx.body = callResource(call);
}
