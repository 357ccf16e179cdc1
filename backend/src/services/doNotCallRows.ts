import { createReadStream } from 'node:fs';
import { toE164 } from '@ringcast/shared-types';
import { detectColumns } from './prospectImport/columns';
import { readCsvRows } from './prospectImport/csvRows';
import { readXlsxRows } from './prospectImport/xlsxRows';

/** Title lines tolerated above the header row, as for prospect lists. */
const HEADER_SEARCH_ROWS = 20;

export const NO_PHONE_COLUMN = 'The file has no phone number column.';

/** A file whose header row names no phone column within its first lines. */
export class NoPhoneColumnError extends Error {
  constructor() {
    super(NO_PHONE_COLUMN);
    this.name = 'NoPhoneColumnError';
  }
}

/** The rows of a CSV or .xlsx file on disk, streamed (a workbook is read through its zip directory). */
export function rowsOfFile(format: 'csv' | 'xlsx', filePath: string): AsyncGenerator<string[]> {
  return format === 'csv' ? readCsvRows(createReadStream(filePath)) : readXlsxRows(filePath);
}

/** The row's number in E.164 from its phone cells (the first valid one), or null. */
export const numberOfCells = (cells: readonly string[]): string | null =>
  cells.map((cell) => toE164(cell)).find(Boolean) ?? null;

/**
 * Each row below the header as its phone cells, to be read with numberOfCells (a caller that only
 * counts rows skips the cost of reading a number); blank rows are not rows. The header is the first
 * row naming a phone column.
 */
export async function* phoneCellsOfRows(rows: AsyncGenerator<string[]>): AsyncGenerator<string[]> {
  let phoneColumns: number[] | null = null;
  let headerCandidates = 0;
  try {
    for await (const row of rows) {
      if (row.every((cell) => !cell)) continue;
      if (!phoneColumns) {
        phoneColumns = detectColumns(row)?.phone ?? null;
        if (!phoneColumns && ++headerCandidates >= HEADER_SEARCH_ROWS) break;
        continue;
      }
      yield phoneColumns.map((index) => row[index] ?? '');
    }
  } finally {
    await rows.return(undefined);
  }
  if (!phoneColumns) throw new NoPhoneColumnError();
}
