import { logger } from '../logger';
import { finish } from './callEvents';
import { bridge, dropDial, isLeg, noteHeard } from './dialing';
import { answererOf, type CallRequest } from './call';
import { invalidParameter } from './errors';
import { startRecording } from './recordings';
import type { CallTransition } from './transition';
import { parseTwiml, playVerb, type TwimlNode } from './twiml';

/**
 * Plays the call's TwiML from its next verb until a verb takes time (its end is the next
 * main-line step) or asks for new TwiML; a call whose document runs out is hung up, as Twilio does.
 */
export function runProgram(t: CallTransition, at: number): void {
  const { program } = t.call;
  if (!program) {
    documentEnded(t, at);
    return;
  }
  const context = { persona: answererOf(t.call), documentUrl: program.url };
  while (program.pc < program.verbs.length) {
    const verb = program.verbs[program.pc++]!;
    const effect = playVerb(verb, context);
    if (effect.kind === 'next') continue;
    if (effect.kind === 'start-recording') {
      startRecording(t, effect.recording, at);
      continue;
    }
    if (effect.kind === 'hangup') {
      finish(t, 'completed', at);
      return;
    }
    if (effect.kind === 'wait') {
      noteHeard(t, verb, at);
      t.scheduleMain({ kind: 'advance', at: at + effect.ms });
    } else if (effect.kind === 'relay') t.scheduleMain({ kind: 'relay', at, relay: effect.relay });
    else if (effect.kind === 'dial') t.scheduleMain({ kind: 'dial', at, dial: effect.dial });
    else {
      const { url, method, params } = effect;
      t.scheduleMain({ kind: 'fetch', at: at + effect.ms, url, method, params });
    }
    return;
  }
  documentEnded(t, at);
}

/**
 * The document ran out: Twilio hangs up, except on a `<Dial>` leg, whose document is the whisper
 * to the person who answered: they are bridged then (dialing.ts).
 */
function documentEnded(t: CallTransition, at: number): void {
  if (isLeg(t.call) && t.call.bridgedAt === undefined && t.call.status === 'in-progress') bridge(t, at);
  else finish(t, 'completed', at);
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
  else documentEnded(t, at);
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
  // A <Dial> playing is dropped with the rest of the document, and its leg hung up.
  dropDial(t, at);
  if (change.twiml) play(t, parseTwiml(change.twiml), undefined, at);
  else if (change.url) {
    call.program = null;
    t.scheduleMain({ kind: 'fetch', at, url: change.url, method: change.method, params: {} });
  }
}
