import { QueryTypes } from 'sequelize';
import type { SkippedRowReason } from '@ringcast/shared-types';
import { Prospect, ProspectList } from '../../db/models';
import { finishProspectList } from '../prospectLists';
import { markProspectsNotToCall } from '../calls/doNotCall';
import { detectColumns, listMemos, prospectFromRow, type ProspectColumns } from './columns';
import {
  prospectsCreatedAt,
  prospectValues,
  storeProspects,
  storeSkippedRows,
  type SkippedRow,
} from './insertRows';
import { readListRowBatches } from './listRows';
import { PhoneSet } from './phoneSet';
import { PROSPECT_FILE_PROBLEMS, ProspectFileError } from './messages';

export const PROSPECT_BATCH_SIZE = 1000;
export const MAX_PROSPECT_ROWS = 1_000_000;
/** Title lines above the header row that are tolerated before giving up on finding it. */
const HEADER_SEARCH_ROWS = 10;

export type ParseOutcome =
  | {
      outcome: 'ready';
      contactCount: number;
      doNotCallCount: number;
      rows: number;
      invalid: number;
      duplicates: number;
    }
  | { outcome: 'failed'; reason: string }
  | { outcome: 'skipped'; why: 'missing' | 'finished' };

/** Any error while reading the file is about the file, so it is permanent; database errors are not. */
async function* readableRowBatches(list: ProspectList): AsyncGenerator<string[][]> {
  const rows = readListRowBatches(list.storedFileName);
  try {
    for (;;) {
      let next: IteratorResult<string[][]>;
      try {
        next = await rows.next();
      } catch (err) {
        if (err instanceof ProspectFileError) throw err;
        const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
        throw new ProspectFileError(
          missing ? PROSPECT_FILE_PROBLEMS.missing : PROSPECT_FILE_PROBLEMS.unreadable,
        );
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await rows.return(undefined);
  }
}

const isBlank = (row: readonly string[]) => row.every((cell) => !cell);

/**
 * Statements of a parse in flight at once: while the database commits one (a flush of its log to
 * disk) or inserts it on one core, the next is on its way; with one at a time the parse of a
 * 100,000-row list waited 0.6 s of its 1.3 s on the database.
 */
const WRITES_IN_FLIGHT = 2;

/**
 * Streams the rows into prospects, batches being written while the next ones are read. A row
 * without a valid phone, or with a phone read before, is kept aside with its reason; blank rows
 * are not rows.
 */
async function importRows(list: ProspectList) {
  let columns: ProspectColumns | null = null;
  let header: string[] = [];
  let headerCandidates = 0;
  let rowIndex = 0;
  const seen = new PhoneSet();
  const memos = listMemos();
  const stats = { rows: 0, invalid: 0, duplicates: 0 };
  const createdAt = prospectsCreatedAt();
  let batch: string[] = [];
  let skipped: SkippedRow[] = [];
  const writes: Promise<void>[] = [];
  const write = async (store: () => Promise<void>) => {
    if (writes.length >= WRITES_IN_FLIGHT) await writes.shift();
    const next = store();
    next.catch(() => undefined);
    writes.push(next);
  };
  // Each kind is written when it has a batch (skipped rows are few): every statement is a commit.
  const flushProspects = () => {
    const rows = batch;
    batch = [];
    return write(() => storeProspects(rows));
  };
  const flushSkipped = () => {
    const rows = skipped;
    skipped = [];
    return write(() => storeSkippedRows(list.id, rows));
  };
  const skip = async (reason: SkippedRowReason, cells: string[]) => {
    skipped.push({ rowIndex, reason, cells });
    if (skipped.length >= PROSPECT_BATCH_SIZE) await flushSkipped();
  };

  reading: for await (const rows of readableRowBatches(list)) {
    for (const row of rows) {
      rowIndex++;
      if (isBlank(row)) continue;
      if (!columns) {
        columns = detectColumns(row);
        if (columns) header = row;
        else if (++headerCandidates >= HEADER_SEARCH_ROWS) break reading;
        continue;
      }
      if (++stats.rows > MAX_PROSPECT_ROWS) throw new ProspectFileError(PROSPECT_FILE_PROBLEMS.tooManyRows);
      const prospect = prospectFromRow(row, columns, memos);
      if (!prospect) {
        stats.invalid++;
        await skip('invalid_phone', row);
      } else if (!seen.add(prospect.phoneNumber)) {
        stats.duplicates++;
        await skip('duplicate', row);
      } else {
        batch.push(prospectValues(list.id, prospect, createdAt));
        if (batch.length >= PROSPECT_BATCH_SIZE) await flushProspects();
      }
    }
  }
  if (!columns) throw new ProspectFileError(PROSPECT_FILE_PROBLEMS.noPhoneColumn);
  if (batch.length) await flushProspects();
  if (skipped.length) await flushSkipped();
  await Promise.all(writes);
  // Kept and marked rather than left out, so the list can say how many are not to be called.
  await markProspectsNotToCall(list.userId, list.id);
  return { ...stats, header };
}

/** Counted from the stored rows rather than in memory, so a retried run counts what an earlier one stored. */
async function countProspects(prospectListId: number) {
  const [row] = await Prospect.sequelize!.query<{ contacts: number; marked: number | null }>(
    `SELECT COUNT(*) AS contacts, SUM(doNotCall) AS marked FROM prospects WHERE prospectListId = :prospectListId`,
    { replacements: { prospectListId }, type: QueryTypes.SELECT },
  );
  return { contactCount: Number(row.contacts), doNotCallCount: Number(row.marked ?? 0) };
}

/** Why a run changed nothing: the list was deleted, or another run finished it first. */
async function skipped(prospectListId: number): Promise<ParseOutcome> {
  const exists = await ProspectList.count({ where: { id: prospectListId } });
  return { outcome: 'skipped', why: exists ? 'finished' : 'missing' };
}

/**
 * The parse job's work: reads the list's file, stores its prospects and marks the list ready, or
 * failed with a reason the user can read. Safe to run again: a finished list is left alone and
 * prospects already stored are not stored twice.
 */
export async function parseProspectList(prospectListId: number): Promise<ParseOutcome> {
  const list = await ProspectList.findByPk(prospectListId);
  if (!list || list.status !== 'processing') return skipped(prospectListId);
  try {
    const { header, ...stats } = await importRows(list);
    const { contactCount, doNotCallCount } = await countProspects(prospectListId);
    if (!contactCount) throw new ProspectFileError(PROSPECT_FILE_PROBLEMS.noValidPhones);
    const finished = await finishProspectList(prospectListId, {
      status: 'ready',
      contactCount,
      doNotCallCount,
      skippedInvalidPhone: stats.invalid,
      skippedDuplicate: stats.duplicates,
      headerCells: header,
    });
    return finished ? { outcome: 'ready', contactCount, doNotCallCount, ...stats } : skipped(prospectListId);
  } catch (err) {
    if (!(err instanceof ProspectFileError)) throw err;
    const failed = await finishProspectList(prospectListId, { status: 'failed', reason: err.message });
    return failed ? { outcome: 'failed', reason: err.message } : skipped(prospectListId);
  }
}

/** Marks a list failed when the job has used up its attempts, so it does not stay processing. */
export async function failProspectList(prospectListId: number, reason: string): Promise<void> {
  await finishProspectList(prospectListId, { status: 'failed', reason });
}
