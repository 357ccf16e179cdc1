import type { TranscriptTurn } from '@ringcast/shared-types';
import { QueryTypes } from 'sequelize';
import { CallTranscriptTurn } from '../../db/models';
import { sequelize } from '../../db/sequelize';
import { publish } from '../../events/publish';
import { writeTurnRow } from './transcriptWrites';

export const presentTurn = (turn: CallTranscriptTurn): TranscriptTurn => ({
  seq: turn.seq,
  speaker: turn.speaker,
  text: turn.text,
  offsetMs: turn.offsetMs,
  interrupted: Boolean(turn.interrupted),
  responseMs: turn.responseMs ?? null,
  modelFirstTokenMs: turn.modelFirstTokenMs ?? null,
  talkedOver: Boolean(turn.talkedOver),
  silenceBeforeMs: turn.silenceBeforeMs ?? null,
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

/** How long a message session waits for the transfer's note before going on regardless. */
const NOTE_WAIT_MS = 3_000;
const NOTE_POLL_MS = 25;

/**
 * The seq a session taking a message after a transfer starts at: after the first session's turns,
 * whose last is the transfer's note. The first session sends its end at once and writes its last
 * turns a moment later (they share statements), so a quick "busy" can open this session first:
 * it waits for the note (a while at most), never writing over a turn of the first.
 */
export async function nextSeqAfterTransfer(callId: number): Promise<number> {
  const deadline = Date.now() + NOTE_WAIT_MS;
  for (;;) {
    const [row] = await sequelize.query<{ next: number | string; notes: number | string }>(
      `SELECT COALESCE(MAX(seq) + 1, 0) AS next, COUNT(CASE WHEN speaker = 'system' THEN 1 END) AS notes
         FROM call_transcript_turns WHERE callRecordId = :callId`,
      { replacements: { callId }, type: QueryTypes.SELECT },
    );
    if (Number(row?.notes) > 0 || Date.now() >= deadline) return Number(row?.next ?? 0);
    await new Promise((resolve) => setTimeout(resolve, NOTE_POLL_MS));
  }
}

export async function loadTranscript(callId: number): Promise<TranscriptTurn[]> {
  const turns = await CallTranscriptTurn.findAll({
    where: { callRecordId: callId },
    order: [['seq', 'ASC']],
  });
  return turns.map(presentTurn);
}
