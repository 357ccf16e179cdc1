import { logger } from '../logger';
import { finish } from './callEvents';
import { personaNumber, type CallRequest } from './call';
import { invalidParameter } from './errors';
import { personaFor } from './personas';
import type { CallTransition } from './transition';
import { parseTwiml, playVerb, type TwimlNode } from './twiml';

/**
 * Plays the call's TwiML from its next verb until a verb takes time (its end is the next
 * main-line step) or asks for new TwiML; a call whose document runs out is hung up, as Twilio does.
 */
export function runProgram(t: CallTransition, at: number): void {
  const { program } = t.call;
  if (!program) {
    finish(t, 'completed', at);
    return;
  }
  const context = { persona: personaFor(personaNumber(t.call)), documentUrl: program.url };
  while (program.pc < program.verbs.length) {
    const effect = playVerb(program.verbs[program.pc++]!, context);
    if (effect.kind === 'next') continue;
    if (effect.kind === 'hangup') {
      finish(t, 'completed', at);
      return;
    }
    if (effect.kind === 'wait') t.scheduleMain({ kind: 'advance', at: at + effect.ms });
    else if (effect.kind === 'relay') t.scheduleMain({ kind: 'relay', at, relay: effect.relay });
    else {
      const { url, method, params } = effect;
      t.scheduleMain({ kind: 'fetch', at: at + effect.ms, url, method, params });
    }
    return;
  }
  finish(t, 'completed', at);
}

function play(t: CallTransition, verbs: TwimlNode[], url: string | undefined, at: number): void {
  t.call.program = { url, verbs, pc: 0 };
  runProgram(t, at);
}

/** On answer (or once synchronous AMD has decided): the inline TwiML, or a request to the call's Url. */
export function startCallTwiml(t: CallTransition, at: number): void {
  const { request } = t.call;
  if (request.twiml) play(t, parseTwiml(request.twiml), undefined, at);
  else if (request.url)
    t.scheduleMain({ kind: 'fetch', at, url: request.url, method: request.method, params: {} });
  else finish(t, 'completed', at);
}

export type FetchedTwiml = { ok: true; verbs: TwimlNode[] } | { ok: false; error: string };

/** Our app answered a TwiML request: play it, or (an error, a bad document) end the call as Twilio does. */
export function playFetchedTwiml(t: CallTransition, url: string, fetched: FetchedTwiml, at: number): void {
  if (fetched.ok) {
    play(t, fetched.verbs, url, at);
    return;
  }
  logger.warn({ callSid: t.call.sid, url, error: fetched.error }, 'twilio sandbox: TwiML request failed');
  finish(t, 'completed', at);
}

/**
 * calls.update with `Twiml` or `Url`: a live call drops what it was playing for the new TwiML; a
 * call not yet answered will play it on answer; an ended call refuses (21220).
 */
export function replaceTwiml(
  t: CallTransition,
  change: Pick<CallRequest, 'url' | 'method' | 'twiml'>,
  at: number,
) {
  const { call } = t;
  if (call.status === 'queued' || call.status === 'ringing') {
    call.request = { ...call.request, ...change };
    return;
  }
  if (call.status !== 'in-progress') {
    throw invalidParameter(21220, 'Call is not in-progress. Cannot redirect.');
  }
  if (change.twiml) play(t, parseTwiml(change.twiml), undefined, at);
  else if (change.url) {
    call.program = null;
    t.scheduleMain({ kind: 'fetch', at, url: change.url, method: change.method, params: {} });
  }
}
