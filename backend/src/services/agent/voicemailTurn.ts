import { CallTranscriptTurn, type CallRecord } from '../../db/models';
import { saveTurn } from './transcript';

/**
 * The seq of the voicemail the agent leaves: its TwiML hangs up after the message, so it is the
 * call's last turn, past any a relay session writes (one per exchange, a few dozen at most) and
 * within the column (SMALLINT UNSIGNED). One fixed seq also keeps it once however often the job
 * leaving it runs: a turn is never written over (transcriptWrites.ts).
 */
export const VOICEMAIL_TURN_SEQ = 60_000;

/**
 * Stores the message `<Say>` leaves on a machine as the agent's turn, and pushes it, before the
 * call is switched to it: the relay session closing then asks for the summary, which must find it.
 */
export async function saveVoicemailTurn(
  call: Pick<CallRecord, 'id' | 'userId' | 'relaySessionKey' | 'relayStartedAt' | 'startedAt'>,
  message: string,
): Promise<void> {
  const since = (call.relayStartedAt ?? call.startedAt)?.getTime() ?? Date.now();
  await saveTurn(
    call,
    {
      seq: VOICEMAIL_TURN_SEQ,
      speaker: 'agent',
      text: message,
      offsetMs: Math.max(0, Date.now() - since),
      interrupted: false,
    },
    call.relaySessionKey ?? null,
  );
}

/** The call ended before the message could be left: it was never said. */
export async function forgetVoicemailTurn(callId: number): Promise<void> {
  await CallTranscriptTurn.destroy({ where: { callRecordId: callId, seq: VOICEMAIL_TURN_SEQ } });
}

/** The transcript's turns and, apart, the voicemail left (when one was). */
export function splitVoicemail<T extends { seq: number; text: string }>(
  turns: T[],
): { turns: T[]; voicemailLeft: string | undefined } {
  return {
    turns: turns.filter((t) => t.seq !== VOICEMAIL_TURN_SEQ),
    voicemailLeft: turns.find((t) => t.seq === VOICEMAIL_TURN_SEQ)?.text,
  };
}
