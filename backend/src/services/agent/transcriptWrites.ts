import { retryOnDeadlock } from '../../db/deadlockRetry';
import { sequelize } from '../../db/sequelize';
import { logger } from '../../logger';

/** A turn as stored: one row per (call, seq), written again only to cut it short. */
export interface TurnRow {
  callRecordId: number;
  seq: number;
  speaker: string;
  text: string;
  offsetMs: number;
  interrupted: boolean;
  /** A reply's timing and the silence before a turn (TranscriptTurn's fields); absent: none measured. */
  responseMs?: number | null;
  modelFirstTokenMs?: number | null;
  talkedOver?: boolean;
  silenceBeforeMs?: number | null;
  /** The key of the relay session writing it (relayClaim.ts). */
  sessionKey?: string | null;
}

/**
 * How long turns wait to share a statement. Every live call writes two turns an exchange; on a
 * busy api one statement for the turns of this window, rather than one each, saves most of the
 * database round trips (and their socket writes) on the event loop the calls share.
 */
const WINDOW_MS = 50;
const MAX_ROWS = 200;

/**
 * Each row is read through its call's row: it is written only while the call is unsettled or by
 * the relay session holding the call (whose last turns may land just after the final status), so
 * a settled call's transcript never changes otherwise. A stored turn is never written over: the
 * one change it takes is being cut short (interrupted, with what the caller heard), once: its
 * timings stay as first written. The assignments read the stored `interrupted` until the last one
 * sets it.
 */
const T = 'call_transcript_turns';
const CUT = `${T}.interrupted = 0 AND VALUES(interrupted) = 1`;
const UPSERT = (rows: number) =>
  `INSERT INTO ${T} (callRecordId, seq, speaker, text, offsetMs, interrupted,
                     responseMs, modelFirstTokenMs, talkedOver, silenceBeforeMs, createdAt, updatedAt)
   ${Array.from(
     { length: rows },
     () =>
       `SELECT c.id, ?, ?, ?, ?, ?, ?, ?, ?, ?, NOW(3), NOW(3) FROM call_records c
         WHERE c.id = ? AND (c.settledAt IS NULL OR c.relaySessionKey = ?)`,
   ).join(' UNION ALL ')}
   ON DUPLICATE KEY UPDATE ${T}.text = IF(${CUT}, VALUES(text), ${T}.text),
          ${T}.offsetMs = IF(${CUT}, VALUES(offsetMs), ${T}.offsetMs),
          ${T}.updatedAt = IF(${CUT}, NOW(3), ${T}.updatedAt),
          ${T}.interrupted = IF(${CUT}, 1, ${T}.interrupted)`;

interface Waiting {
  row: TurnRow;
  resolve: () => void;
  reject: (err: unknown) => void;
}

let waiting: Waiting[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let writing = false;

/**
 * In call order (a stable sort: a turn and its cut keep their order): each row's read of its call
 * takes a shared lock on it, and a batch applying call events locks its calls in id order too, so
 * neither waits on the other in a circle and has its statement rolled back.
 */
const upsert = (rows: TurnRow[]) =>
  sequelize.query(UPSERT(rows.length), {
    replacements: [...rows]
      .sort((a, b) => a.callRecordId - b.callRecordId)
      .flatMap((r) => [
        r.seq,
        r.speaker,
        r.text,
        r.offsetMs,
        r.interrupted,
        r.responseMs ?? null,
        r.modelFirstTokenMs ?? null,
        r.talkedOver ?? false,
        r.silenceBeforeMs ?? null,
        r.callRecordId,
        r.sessionKey ?? null,
      ]),
  });

/**
 * Stores a turn (per process: it gathers this process's writes into shared statements). Rows
 * keep their order, so a turn's cut comes after the turn; resolves once it is written (or refused
 * as above).
 */
export function writeTurnRow(row: TurnRow): Promise<void> {
  return new Promise((resolve, reject) => {
    waiting.push({ row, resolve, reject });
    schedule();
  });
}

function schedule(): void {
  if (timer || writing || !waiting.length) return;
  timer = setTimeout(() => {
    timer = null;
    void writeBatch();
  }, WINDOW_MS);
}

async function writeBatch(): Promise<void> {
  const batch = waiting.slice(0, MAX_ROWS);
  waiting = waiting.slice(batch.length);
  writing = true;
  try {
    // A statement picked as a deadlock's victim was rolled back whole: it goes again as it was.
    await retryOnDeadlock(() => upsert(batch.map((w) => w.row)));
    for (const w of batch) w.resolve();
  } catch (err) {
    // One row the database refuses must not lose the others' turns: each goes again on its own.
    logger.warn({ err, rows: batch.length }, 'transcript batch refused; writing its turns one by one');
    for (const w of batch) {
      await upsert([w.row]).then(w.resolve, w.reject);
    }
  } finally {
    writing = false;
    schedule();
  }
}
