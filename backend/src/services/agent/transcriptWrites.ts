import { retryOnDeadlock } from '../../db/deadlockRetry';
import { sequelize } from '../../db/sequelize';
import { logger } from '../../logger';

/** A turn as stored: one row per (call, seq), written again when the turn is cut short. */
export interface TurnRow {
  callRecordId: number;
  seq: number;
  speaker: string;
  text: string;
  offsetMs: number;
  interrupted: boolean;
}

/**
 * How long turns wait to share a statement. Every live call writes two turns an exchange; on a
 * busy api one statement for the turns of this window, rather than one each, saves most of the
 * database round trips (and their socket writes) on the event loop the calls share.
 */
const WINDOW_MS = 50;
const MAX_ROWS = 200;

const UPSERT = (rows: number) =>
  `INSERT INTO call_transcript_turns
          (callRecordId, seq, speaker, text, offsetMs, interrupted, createdAt, updatedAt)
   VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, NOW(3), NOW(3))').join(', ')}
   ON DUPLICATE KEY UPDATE speaker = VALUES(speaker), text = VALUES(text),
          offsetMs = VALUES(offsetMs), interrupted = VALUES(interrupted), updatedAt = NOW(3)`;

interface Waiting {
  row: TurnRow;
  resolve: () => void;
  reject: (err: unknown) => void;
}

let waiting: Waiting[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let writing = false;

/**
 * In call order (a stable sort: one turn written twice keeps its later text last): each row's
 * foreign key takes a shared lock on its call, and a batch applying call events locks its calls
 * in id order too, so neither waits on the other in a circle and has its statement rolled back.
 */
const upsert = (rows: TurnRow[]) =>
  sequelize.query(UPSERT(rows.length), {
    replacements: [...rows]
      .sort((a, b) => a.callRecordId - b.callRecordId)
      .flatMap((r) => [r.callRecordId, r.seq, r.speaker, r.text, r.offsetMs, r.interrupted]),
  });

/**
 * Stores a turn (per process: it gathers this process's writes into shared statements). Rows
 * keep their order, so a turn written twice ends with its later text; resolves once it is stored.
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
