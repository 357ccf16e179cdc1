import { DO_NOT_CALL_IMPORT_NOT_FOUND, doNotCallListFullMessage } from '@ringcast/shared-types';
import { config } from '../config';
import { execute } from '../db/execute';
import { sequelize } from '../db/sequelize';
import { DoNotCallImport, User } from '../db/models';
import { notFound } from '../errors';
import { logger } from '../logger';
import { enqueue } from '../queues';
import { storage } from '../storage';
import { PhoneSet } from './prospectImport/phoneSet';
import { PROSPECT_FILE_PROBLEMS, ProspectFileError } from './prospectImport/messages';
import { displayFileName } from './prospectLists';
import { SYSTEM_ACTOR } from './auditLog';
import { doNotCallListFull, numbersThatFit, roomOnList } from './doNotCallCap';
import { addToDoNotCall, scopeOf, type DoNotCallOwner } from './calls/doNotCall';
import {
  NO_PHONE_COLUMN,
  NoPhoneColumnError,
  numberOfCells,
  phoneCellsOfRows,
  rowsOfFile,
} from './doNotCallRows';

/**
 * Rows per batch of an import: one transaction that counts the list (for the cap), adds the
 * batch's numbers in one statement, stops calling them and moves the import's progress.
 */
export const IMPORT_BATCH_ROWS = 5000;

/**
 * Keeps a large upload's file and queues its import. Refused (409, nothing kept) when the list's
 * numbers and the file's rows together would pass the customer's cap.
 */
export async function queueDoNotCallImport(
  owner: DoNotCallOwner,
  file: {
    tempPath: string;
    originalName: string;
    format: 'csv' | 'xlsx';
    rows: number;
    createdByUserId: number;
  },
): Promise<DoNotCallImport> {
  const stored = await storage.moveIn('do-not-call-list', file.tempPath, `.${file.format}`);
  let created: DoNotCallImport;
  try {
    created = await sequelize.transaction(async (transaction) => {
      if ((await roomOnList(owner, transaction)) < file.rows) throw doNotCallListFull();
      return DoNotCallImport.create(
        {
          userId: 'userId' in owner ? owner.userId : null,
          scope: scopeOf(owner),
          createdByUserId: file.createdByUserId,
          fileName: displayFileName(file.originalName, 'Do-not-call list'),
          storedFileName: stored.storedFileName,
          linesRead: file.rows,
        },
        { transaction },
      );
    });
  } catch (err) {
    await storage.remove('do-not-call-list', stored.storedFileName);
    throw err;
  }
  try {
    await enqueue('importDoNotCallNumbers', { importId: created.id });
  } catch (err) {
    await created.destroy();
    await storage.remove('do-not-call-list', stored.storedFileName);
    throw err;
  }
  return created;
}

/** The owner's import; another list's (a customer's, the platform's) answers 404 like a missing one. */
export async function findDoNotCallImport(owner: DoNotCallOwner, id: number): Promise<DoNotCallImport> {
  const found = await DoNotCallImport.findOne({ where: { id, scope: scopeOf(owner) } });
  if (!found) throw notFound(DO_NOT_CALL_IMPORT_NOT_FOUND);
  return found;
}

export type ImportOutcome =
  | { outcome: 'completed' | 'failed'; added: number; alreadyPresent: number; invalid: number }
  | { outcome: 'skipped'; why: 'missing' | 'finished' | 'superseded' };

/** A file that will never be read to the end, whatever the retry. */
class ImportFileError extends Error {}

/** Another run of the same import moved its progress first: this run's batch rolls back. */
class ImportSuperseded extends Error {}

interface Batch {
  rows: number;
  numbers: string[];
  invalid: number;
}

const emptyBatch = (): Batch => ({ rows: 0, numbers: [], invalid: 0 });

async function ownerOf(found: DoNotCallImport): Promise<DoNotCallOwner> {
  if (found.userId !== null) return { userId: found.userId };
  const admin = await User.findByPk(found.createdByUserId, { attributes: ['id', 'email'] });
  return { platform: true, actor: admin ? { id: admin.id, email: admin.email } : SYSTEM_ACTOR };
}

/** The numbers of the stored file, row by row; a file that cannot be read is an ImportFileError. */
async function* storedNumbers(found: DoNotCallImport): AsyncGenerator<string | null> {
  const format = found.storedFileName.endsWith('.xlsx') ? 'xlsx' : 'csv';
  const numbers = phoneCellsOfRows(
    rowsOfFile(format, storage.pathFor('do-not-call-list', found.storedFileName)),
  );
  try {
    for (;;) {
      let next: IteratorResult<string[]>;
      try {
        next = await numbers.next();
      } catch (err) {
        if (err instanceof ProspectFileError) throw new ImportFileError(err.message);
        if (err instanceof NoPhoneColumnError) throw new ImportFileError(NO_PHONE_COLUMN);
        const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
        throw new ImportFileError(
          missing ? PROSPECT_FILE_PROBLEMS.missing : PROSPECT_FILE_PROBLEMS.unreadable,
        );
      }
      if (next.done) return;
      yield numberOfCells(next.value);
    }
  } finally {
    await numbers.return(undefined);
  }
}

/**
 * One batch in one transaction: its numbers that fit under the cap go on the list, and the
 * import's progress and counts move by the batch, only from the progress this run started the
 * batch at. A batch that hits the cap fails the import (the numbers added before stay; none past
 * the cap is added). Answers whether the import goes on.
 */
async function writeBatch(
  found: DoNotCallImport,
  owner: DoNotCallOwner,
  processedBefore: number,
  batch: Batch,
): Promise<boolean> {
  return sequelize.transaction(async (transaction) => {
    const { fitting, full } = await numbersThatFit(owner, batch.numbers, transaction);
    const added = await addToDoNotCall(
      owner,
      fitting,
      { reason: null, source: 'upload', createdByUserId: found.createdByUserId },
      transaction,
    );
    const moved = await execute(
      `UPDATE do_not_call_imports
          SET processed = processed + :rows, added = added + :added, alreadyPresent = alreadyPresent + :present,
              invalid = invalid + :invalid, status = :status, errorMessage = :errorMessage, updatedAt = NOW(3)
        WHERE id = :id AND status = 'processing' AND processed = :processedBefore`,
      {
        replacements: {
          id: found.id,
          processedBefore,
          rows: batch.rows,
          added,
          present: fitting.length - added,
          invalid: batch.invalid,
          status: full ? 'failed' : 'processing',
          errorMessage: full ? doNotCallListFullMessage(config.doNotCallMaxNumbers) : null,
        },
        transaction,
      },
    );
    if (!moved) throw new ImportSuperseded();
    return !full;
  });
}

/**
 * Reads the file from its first row, and writes the rows past the import's stored progress in
 * batches. The rows before it are read again only to know their numbers, so a number repeated
 * across a restart still counts once. Answers false when the import stopped at the cap.
 */
async function addStoredRows(found: DoNotCallImport, owner: DoNotCallOwner): Promise<boolean> {
  let processed = found.processed;
  let row = 0;
  const seen = new PhoneSet();
  let batch = emptyBatch();
  for await (const phone of storedNumbers(found)) {
    if (++row <= processed) {
      if (phone) seen.add(phone);
      continue;
    }
    batch.rows++;
    if (!phone) batch.invalid++;
    else if (seen.add(phone)) batch.numbers.push(phone);
    if (batch.rows >= IMPORT_BATCH_ROWS) {
      if (!(await writeBatch(found, owner, processed, batch))) return false;
      processed += batch.rows;
      batch = emptyBatch();
    }
  }
  if (batch.rows && !(await writeBatch(found, owner, processed, batch))) return false;
  return true;
}

/** Moves a processing import to completed or failed; false when another run finished it first. */
async function finishImport(id: number, status: 'completed' | 'failed', errorMessage: string | null) {
  const [moved] = await DoNotCallImport.update(
    { status, errorMessage },
    { where: { id, status: 'processing' } },
  );
  return moved > 0;
}

async function removeFile(found: DoNotCallImport) {
  await storage
    .remove('do-not-call-list', found.storedFileName)
    .catch((err) => logger.warn({ err, importId: found.id }, 'could not delete a do-not-call file'));
}

/**
 * The import job's work: adds the stored file's numbers in batches from the import's stored
 * progress, then marks it completed (or failed at the cap, or for a file that cannot be read).
 * Safe to run again: a finished import is left alone, a batch is counted once (a second run's copy
 * of it rolls back), and numbers already on the list are not added twice.
 */
export async function runDoNotCallImport(importId: number): Promise<ImportOutcome> {
  const found = await DoNotCallImport.findByPk(importId);
  if (!found) return { outcome: 'skipped', why: 'missing' };
  if (found.status === 'completed' || found.status === 'failed')
    return { outcome: 'skipped', why: 'finished' };
  if (found.status === 'queued') {
    await DoNotCallImport.update({ status: 'processing' }, { where: { id: importId, status: 'queued' } });
    found.status = 'processing';
  }
  const owner = await ownerOf(found);
  let outcome: 'completed' | 'failed';
  try {
    const whole = await addStoredRows(found, owner);
    if (whole && !(await finishImport(importId, 'completed', null)))
      return { outcome: 'skipped', why: 'finished' };
    outcome = whole ? 'completed' : 'failed';
  } catch (err) {
    if (err instanceof ImportSuperseded) return { outcome: 'skipped', why: 'superseded' };
    if (!(err instanceof ImportFileError)) throw err;
    if (!(await finishImport(importId, 'failed', err.message)))
      return { outcome: 'skipped', why: 'finished' };
    outcome = 'failed';
  }
  await removeFile(found);
  const done = (await DoNotCallImport.findByPk(importId))!;
  return { outcome, added: done.added, alreadyPresent: done.alreadyPresent, invalid: done.invalid };
}

/** Marks an import failed when its job has used up its attempts, so it does not stay processing. */
export async function failDoNotCallImport(importId: number, reason: string): Promise<void> {
  const found = await DoNotCallImport.findByPk(importId);
  await DoNotCallImport.update(
    { status: 'failed', errorMessage: reason },
    { where: { id: importId, status: ['queued', 'processing'] } },
  );
  if (found) await removeFile(found);
}
