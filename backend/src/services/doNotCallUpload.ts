import {
  DO_NOT_CALL_SYNC_MAX_ROWS,
  type DoNotCallSource,
  type DoNotCallUploadResult,
} from '@ringcast/shared-types';
import { sequelize } from '../db/sequelize';
import type { DoNotCallImport } from '../db/models';
import { badRequest, unsupportedType } from '../errors';
import type { ReceivedFile } from '../middlewares/fileUpload';
import { ProspectFileError } from './prospectImport/messages';
import { checkProspectFileContent } from './prospectImport/uploadCheck';
import { doNotCallListFull, numbersThatFit } from './doNotCallCap';
import { queueDoNotCallImport } from './doNotCallImport';
import { addToDoNotCall, type DoNotCallOwner } from './calls/doNotCall';
import {
  NO_PHONE_COLUMN,
  NoPhoneColumnError,
  numberOfCells,
  phoneCellsOfRows,
  rowsOfFile,
} from './doNotCallRows';

/** Numbers per statement in the request: 10,000 numbers are 5 inserts and 5 prospect reads. */
const REQUEST_BATCH = 2000;

export const UPLOAD_SOURCE: DoNotCallSource = 'upload';

export type DoNotCallUploadOutcome =
  { kind: 'added'; result: DoNotCallUploadResult } | { kind: 'queued'; import: DoNotCallImport };

interface Scan {
  /** Rows below the header, blank ones aside. */
  rows: number;
  /** The distinct valid numbers, in file order; kept only while the file is small enough for the request. */
  numbers: Set<string>;
  invalid: number;
}

/**
 * Reads the whole file once: its numbers while it has at most DO_NOT_CALL_SYNC_MAX_ROWS rows, and
 * how many rows it has in any case (what a larger file's import is checked against the cap with,
 * and its progress is measured by). Reading holds no database connection.
 */
async function scanFile(format: 'csv' | 'xlsx', filePath: string): Promise<Scan> {
  const scan: Scan = { rows: 0, numbers: new Set(), invalid: 0 };
  try {
    for await (const cells of phoneCellsOfRows(rowsOfFile(format, filePath))) {
      // Past the limit the rows are only counted: the worker reads their numbers.
      if (++scan.rows > DO_NOT_CALL_SYNC_MAX_ROWS) {
        scan.numbers.clear();
        continue;
      }
      const phone = numberOfCells(cells);
      if (phone) scan.numbers.add(phone);
      else scan.invalid++;
    }
  } catch (err) {
    if (err instanceof NoPhoneColumnError) throw badRequest(NO_PHONE_COLUMN);
    if (err instanceof ProspectFileError) throw badRequest(err.message);
    throw err;
  }
  return scan;
}

/**
 * A small file's numbers, added in one transaction: all of them, or none when they would take the
 * customer's list past its cap (409).
 */
async function addScannedNumbers(
  owner: DoNotCallOwner,
  scan: Scan,
  createdByUserId: number,
): Promise<DoNotCallUploadResult> {
  const numbers = [...scan.numbers];
  const added = await sequelize.transaction(async (transaction) => {
    if ((await numbersThatFit(owner, numbers, transaction)).full) throw doNotCallListFull();
    let count = 0;
    for (let i = 0; i < numbers.length; i += REQUEST_BATCH) {
      count += await addToDoNotCall(
        owner,
        numbers.slice(i, i + REQUEST_BATCH),
        { reason: null, source: UPLOAD_SOURCE, createdByUserId },
        transaction,
      );
    }
    return count;
  });
  return { added, alreadyPresent: numbers.length - added, invalid: scan.invalid };
}

/**
 * A CSV or Excel file with a phone column: every valid number goes on the list once. A file of up
 * to DO_NOT_CALL_SYNC_MAX_ROWS rows is added here and answered with its counts (added, there
 * already, rows without a valid number); a larger one becomes an import the worker carries out.
 */
export async function uploadDoNotCallNumbers(
  owner: DoNotCallOwner,
  upload: ReceivedFile,
  createdByUserId: number,
): Promise<DoNotCallUploadOutcome> {
  const format = await checkProspectFileContent(upload);
  if (format === 'xls')
    throw unsupportedType('Excel 97-2003 files (.xls) cannot be read: save it as .xlsx or CSV.');
  const scan = await scanFile(format, upload.tempPath);
  if (scan.rows <= DO_NOT_CALL_SYNC_MAX_ROWS)
    return { kind: 'added', result: await addScannedNumbers(owner, scan, createdByUserId) };
  const queued = await queueDoNotCallImport(owner, {
    tempPath: upload.tempPath,
    originalName: upload.originalName,
    format,
    rows: scan.rows,
    createdByUserId,
  });
  return { kind: 'queued', import: queued };
}
