import type { TranscriptTurn } from '@ringcast/shared-types';
import { CallTranscriptTurn } from '../../db/models';
import { sequelize } from '../../db/sequelize';
import { publish } from '../../events/publish';

export const presentTurn = (turn: CallTranscriptTurn): TranscriptTurn => ({
  seq: turn.seq,
  speaker: turn.speaker,
  text: turn.text,
  offsetMs: turn.offsetMs,
  interrupted: Boolean(turn.interrupted),
  at: turn.updatedAt.toISOString(),
});

/**
 * Stores a turn of a live call and pushes it to the owner's tabs. Written again with the same
 * `seq` (a turn cut short after it was stored), it replaces the earlier text.
 */
export async function saveTurn(
  call: { id: number; userId: number },
  turn: Omit<TranscriptTurn, 'at'>,
): Promise<TranscriptTurn> {
  // Plain SQL: two of these per exchange on every live call, and a model instance, its validation
  // and Sequelize's upsert building cost more CPU than the statement itself.
  await sequelize.query(
    `INSERT INTO call_transcript_turns
            (callRecordId, seq, speaker, text, offsetMs, interrupted, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, NOW(3), NOW(3))
     ON DUPLICATE KEY UPDATE speaker = VALUES(speaker), text = VALUES(text),
            offsetMs = VALUES(offsetMs), interrupted = VALUES(interrupted), updatedAt = NOW(3)`,
    { replacements: [call.id, turn.seq, turn.speaker, turn.text, turn.offsetMs, turn.interrupted] },
  );
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
