import type { RelaySetupFrame } from '@ringcast/shared-types';
import { logger } from '../../logger';
import { directionOf, type SandboxCall } from '../call';
import type { Persona } from '../personas';
import { isSocketUnderPublicUrl } from '../targets';
import type { CallSpeech } from '../recordings';
import { speakingTime, type ConversationRelaySpec } from '../twiml';
import { talk, type CalleeEnding } from './callee';
import { RelayLine } from './relayLine';
import { SessionClock } from './sessionClock';

/** The longest a timer waits; the call's TimeLimit ends a call long before. */
const LISTENS_FOR_WALL_MS = 2 ** 31 - 1;

/** Only a person answers a call that reaches the relay; anyone else listens until it ends. */
async function listen(line: RelayLine, clock: SessionClock): Promise<CalleeEnding> {
  await line.until(() => !!line.ended, LISTENS_FOR_WALL_MS);
  return line.ended ? { kind: 'agent-ended', at: clock.now() } : { kind: 'broken' };
}

/** How a session ended, in the call's simulated time. */
export type RelaySessionResult =
  /** The session ended (our `end`, or our side closed or refused the socket): Twilio goes on with the call. */
  | {
      kind: 'ended';
      at: number;
      status: 'completed' | 'failed';
      durationSeconds: number;
      handoffData?: string;
      error?: string;
    }
  /** The callee hung up: the call is over. */
  | { kind: 'hung-up'; at: number }
  /** The call ended or moved on meanwhile; the socket is closed and there is nothing left to do. */
  | { kind: 'gone' }
  /** This process is stopping: the session is cut off and the call ends with it. */
  | { kind: 'cut-off'; at: number };

export interface RelaySessionCall {
  sid: string;
  accountSid: string;
  from: string;
  to: string;
  direction?: SandboxCall['direction'];
  scale: number;
}

interface SessionOptions {
  call: RelaySessionCall;
  persona: Persona;
  spec: ConversationRelaySpec;
  /** Our app's PUBLIC_URL: the only host whose relay socket the session opens. */
  publicUrl: string;
  sessionId: string;
  authToken: string;
  /** Simulated ms the session starts at. */
  startAt: number;
  /** Resolves false once the call is no longer in this session (hung up, redirected, ended). */
  stillInSession: () => Promise<boolean>;
  /** Calls back on every change of the call, wherever it was made; resolves to the way to stop. */
  watchCall: (onChange: () => void) => Promise<() => void>;
  signal?: AbortSignal;
  /** Filled with who spoke when, once the session is over (a recorded call's audio is made of it). */
  speech?: CallSpeech[];
}

/**
 * Who spoke when in a session: the welcome greeting and each reply of our side (channel 1, for as
 * long as its words take to say), and the callee's lines (channel 0).
 */
function spokenIn(line: RelayLine, spec: ConversationRelaySpec, startAt: number): CallSpeech[] {
  const ours = (from: number, text: string) => ({ channel: 1, from, to: from + speakingTime(text) });
  return [
    ours(startAt, spec.welcomeGreeting),
    ...line.turns.map((turn) => ours(turn.startedAt, turn.text)),
    ...line.callerSpeech.map(({ from, to }) => ({ channel: 0, from, to })),
  ];
}

/**
 * Plays one ConversationRelay session as Twilio does, with the called number's persona on the
 * line: opens the WebSocket (signed), sends `setup` with the <Parameter>s, lets the callee talk
 * (callee.ts), and reports how it ended. It never throws: a refused or broken socket ends the
 * session as failed, the way Twilio moves on to the <Connect action> with an error.
 */
export async function playRelaySession(options: SessionOptions): Promise<RelaySessionResult> {
  const { call, spec, sessionId, persona } = options;
  const log = logger.child({ callSid: call.sid, sessionId });
  const clock = new SessionClock(options.startAt, call.scale);
  const seconds = (at: number) => Math.ceil(Math.max(0, at - options.startAt) / 1000);
  const failed = (error: string): RelaySessionResult => {
    log.warn(
      { url: spec.url.replace(/token=[^&]*/, 'token=…'), error },
      'twilio sandbox: relay session failed',
    );
    const at = clock.now();
    return { kind: 'ended', at, status: 'failed', durationSeconds: seconds(at), error };
  };

  // Opened nowhere but on our app's own host: a socket URL in TwiML is the TwiML author's to name.
  if (!isSocketUnderPublicUrl(spec.url, options.publicUrl)) {
    return failed('the relay URL is not on the host of PUBLIC_URL, so the sandbox does not open it');
  }
  const opened = await RelayLine.open(spec.url, options.authToken, clock, log);
  if (!opened.ok) return failed(`WebSocket connection failed: ${opened.error}`);
  const { line } = opened;

  let stop: 'gone' | 'cut-off' | null = null;
  const onAbort = () => {
    stop ??= 'cut-off';
    line.close(1001, 'going away');
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  // The socket lives in this process: a hang-up, a redirect or the time limit, made anywhere,
  // reaches it as a change of its call, and the session closes the socket.
  const checkStillInSession = () =>
    options
      .stillInSession()
      .then((still) => {
        if (still || stop) return;
        stop = 'gone';
        line.close(1000, 'call ended');
      })
      .catch((err: Error) => log.warn({ err: err.message }, 'twilio sandbox: relay call check failed'));
  let stopWatching = () => {};

  try {
    stopWatching = await options.watchCall(() => void checkStillInSession());
    // A change made before the watch began is caught here.
    void checkStillInSession();
    const setup: RelaySetupFrame = {
      type: 'setup',
      sessionId,
      accountSid: call.accountSid,
      parentCallSid: '',
      callSid: call.sid,
      from: call.from,
      to: call.to,
      forwardedFrom: '',
      callerName: '',
      direction: directionOf(call),
      callType: 'PSTN',
      callStatus: 'RINGING',
      customParameters: spec.parameters,
    };
    line.send(setup);
    const ending =
      persona.kind === 'person'
        ? await talk({ line, clock, conversation: persona.conversation, spec, sessionId })
        : await listen(line, clock);

    if (stop === 'gone') return { kind: 'gone' };
    if (stop === 'cut-off') return { kind: 'cut-off', at: clock.now() };
    if (ending.kind === 'hung-up') {
      log.info({ why: ending.why }, 'twilio sandbox: the callee hung up on the relay');
      line.close(1000, 'caller hung up');
      return { kind: 'hung-up', at: ending.at };
    }
    if (ending.kind === 'agent-ended' || line.ended) {
      line.close();
      const at = ending.kind === 'agent-ended' ? ending.at : clock.now();
      return {
        kind: 'ended',
        at,
        status: 'completed',
        durationSeconds: seconds(at),
        handoffData: line.ended?.handoffData,
      };
    }
    line.close();
    return failed(line.broken ?? 'the session broke');
  } finally {
    options.speech?.push(...spokenIn(line, spec, options.startAt));
    stopWatching();
    options.signal?.removeEventListener('abort', onAbort);
  }
}
