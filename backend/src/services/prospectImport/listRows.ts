import { storage } from '../../storage';
import { readCsvRowBatches } from './csvRows';
import { readXlsxRows } from './xlsxRows';
import { PROSPECT_FILE_PROBLEMS, ProspectFileError } from './messages';

/** A workbook's rows come one at a time from its XML; they are handed on this many at a time. */
const WORKBOOK_BATCH_ROWS = 500;

async function* inBatches(rows: AsyncGenerator<string[]>, size: number): AsyncGenerator<string[][]> {
  let batch: string[][] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/**
 * The rows of an uploaded prospect list, as text cells, read from storage as they are needed, in
 * batches of the rows read so far.
 */
export function readListRowBatches(storedFileName: string): AsyncGenerator<string[][]> {
  if (storedFileName.endsWith('.csv'))
    return readCsvRowBatches(storage.openRead('prospect-list', storedFileName));
  // A workbook is read through its zip directory, which needs the file itself rather than a stream.
  if (storedFileName.endsWith('.xlsx'))
    return inBatches(readXlsxRows(storage.pathFor('prospect-list', storedFileName)), WORKBOOK_BATCH_ROWS);
  throw new ProspectFileError(PROSPECT_FILE_PROBLEMS.oldExcel);
}

/** The same rows one at a time. */
export async function* readListRows(storedFileName: string): AsyncGenerator<string[]> {
  for await (const batch of readListRowBatches(storedFileName)) yield* batch;
}
