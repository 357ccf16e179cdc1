import type { TranscriptTurn } from '@ringcast/shared-types';
import { CallTranscriptTurn } from '../../db/models';
import { publish } from '../../events/publish';
import { writeTurnRow } from './transcriptWrites';

export const presentTurn = (turn: CallTranscriptTurn): TranscriptTurn => ({
  seq: turn.seq,
  speaker: turn.speaker,
  text: turn.text,
  offsetMs: turn.offsetMs,
  interrupted: Boolean(turn.interrupted),
  at: turn.updatedAt.toISOString(),
});

/**
 * Stores a turn of a live call, written by the relay session holding it (`sessionKey`), and pushes
 * it to the owner's tabs. Written again with the same `seq`, it only cuts a stored turn short
 * (transcriptWrites.ts): the text the caller heard replaces the earlier text, once.
 */
export async function saveTurn(
  call: { id: number; userId: number },
  turn: Omit<TranscriptTurn, 'at'>,
  sessionKey: string | null = null,
): Promise<TranscriptTurn> {
  await writeTurnRow({ callRecordId: call.id, ...turn, sessionKey });
  const saved: TranscriptTurn = { ...turn, at: new Date().toISOString() };
  publish('call:transcript', { callId: call.id, turn: saved }, { userId: call.userId });
  return saved;
}

export async function loadTranscript(callId: number): Promise<TranscriptTurn[]> {
  const turns = await CallTranscriptTurn.findAll({
    where: { callRecordId: callId },
    order: [['seq', 'ASC']],
  });
  return turns.map(presentTurn);
}
