import { logger } from '../logger';
import { finish } from './callEvents';
import { changeCall } from './calls';
import { loadCall } from './callStore';
import { simTimeOf } from './clock';
import { ifCurrent, isCurrent } from './currentStep';
import { answererOf } from './call';
import { runProgram } from './program';
import { noteSpeech, type CallSpeech } from './recordings';
import { playRelaySession, type RelaySessionResult } from './relay/session';
import { releaseStep, type Step } from './steps';
import { twilioSid } from './store';
import type { CallTransition } from './transition';
import { onCallChanged } from './callChanges';
import type { PlayerHost } from './deliveries';
import type { ConversationRelaySpec } from './twiml';

type RelayStep = Extract<Step, { kind: 'relay' }>;

/**
 * The fields Twilio adds to its `<Connect action>` request when a ConversationRelay session ends
 * (telephony.md §1.3; SessionStatus values are Twilio's as far as they are known).
 */
function actionParams(sessionId: string, result: Extract<RelaySessionResult, { kind: 'ended' }>) {
  return {
    SessionId: sessionId,
    SessionStatus: result.status,
    SessionDuration: String(result.durationSeconds),
    ...(result.handoffData !== undefined ? { HandoffData: result.handoffData } : {}),
    ...(result.error ? { ErrorMessage: result.error } : {}),
  };
}

/**
 * The session is over: Twilio requests the `<Connect action>` and plays what it answers (or goes
 * on to the next verb without one); a callee who hung up, or a session cut off, ends the call.
 */
function endRelaySession(
  t: CallTransition,
  spec: ConversationRelaySpec,
  sessionId: string,
  result: RelaySessionResult,
): void {
  if (result.kind === 'gone') return;
  t.call.relay = null;
  if (result.kind !== 'ended') {
    finish(t, 'completed', result.at);
    return;
  }
  t.now(result.at);
  if (spec.action) {
    const params = actionParams(sessionId, result);
    t.scheduleMain({ kind: 'fetch', at: result.at, url: spec.action, method: spec.method, params });
  } else runProgram(t, result.at);
}

/**
 * Runs a ConversationRelay step: marks the call as in this session, holds the session (the
 * player renews the step's lease meanwhile), and applies how it ended. The socket lives in this
 * process only: a step claimed again after its player died finds its session already opened, and
 * ends the call, as a dropped session would.
 */
export async function runRelayStep(
  step: RelayStep,
  member: string,
  host: PlayerHost,
  signal?: AbortSignal,
): Promise<void> {
  let openedBefore = false;
  const sessionId = twilioSid('VX');
  const call = await changeCall(step.sid, (t) => {
    if (!isCurrent(t.call, step)) return false;
    if (t.call.relay?.step === step.n) {
      openedBefore = true;
      return false;
    }
    t.call.relay = { step: step.n, sessionId };
    return true;
  });
  if (!call || !isCurrent(call, step)) {
    await releaseStep(member);
    return;
  }
  if (openedBefore) {
    logger.warn(
      { callSid: call.sid },
      'twilio sandbox: a relay session was lost with its player; the call ends',
    );
    await changeCall(
      step.sid,
      ifCurrent(step, (t) => finish(t, 'completed', simTimeOf(t.call, Date.now()))),
      member,
    );
    return;
  }

  const authToken = await host.accountToken(call.accountSid);
  const speech: CallSpeech[] = [];
  const result: RelaySessionResult = authToken
    ? await playRelaySession({
        call,
        publicUrl: host.publicUrl(),
        persona: answererOf(call),
        spec: step.relay,
        sessionId,
        authToken,
        startAt: step.at,
        stillInSession: async () => {
          const now = await loadCall(step.sid);
          return !!now && isCurrent(now, step);
        },
        watchCall: (onChange) => onCallChanged(step.sid, onChange),
        signal,
        speech,
      })
    : { kind: 'cut-off', at: step.at };
  // Kept before the call moves on: its end may post the recording, whose audio is made of it.
  if (call.recording) await noteSpeech(call.sid, speech);
  await changeCall(
    step.sid,
    ifCurrent(step, (t) => endRelaySession(t, step.relay, sessionId, result)),
    member,
  );
}
