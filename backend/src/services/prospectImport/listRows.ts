import { storage } from '../../storage';
import { readCsvRows } from './csvRows';
import { readXlsxRows } from './xlsxRows';
import { PROSPECT_FILE_PROBLEMS, ProspectFileError } from './messages';

/** The rows of an uploaded prospect list, as text cells, read from storage as they are needed. */
export function readListRows(storedFileName: string): AsyncGenerator<string[]> {
  if (storedFileName.endsWith('.csv')) return readCsvRows(storage.openRead('prospect-list', storedFileName));
  // A workbook is read through its zip directory, which needs the file itself rather than a stream.
  if (storedFileName.endsWith('.xlsx')) return readXlsxRows(storage.pathFor('prospect-list', storedFileName));
  throw new ProspectFileError(PROSPECT_FILE_PROBLEMS.oldExcel);
}
