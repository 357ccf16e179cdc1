import { createReadStream } from 'node:fs';
import { toE164, type DoNotCallUploadResult } from '@ringcast/shared-types';
import { badRequest, unsupportedType } from '../errors';
import type { ReceivedFile } from '../middlewares/fileUpload';
import { readCsvRows } from './prospectImport/csvRows';
import { detectColumns } from './prospectImport/columns';
import { checkProspectFileContent } from './prospectImport/uploadCheck';
import { readXlsxRows } from './prospectImport/xlsxRows';
import { addNumbersToDoNotCall, type DoNotCallOwner } from './doNotCallList';

/** Title lines tolerated above the header row, as for prospect lists. */
const HEADER_SEARCH_ROWS = 20;
const BATCH = 500;

/**
 * A CSV or Excel file with a phone column, read here in the request (a list of numbers is small
 * next to a prospect list): every valid number goes on the list once. Answers how many were added,
 * were there already, and how many rows held no valid number.
 */
export async function uploadDoNotCallNumbers(
  owner: DoNotCallOwner,
  upload: ReceivedFile,
  createdByUserId: number,
): Promise<DoNotCallUploadResult> {
  const format = await checkProspectFileContent(upload);
  if (format === 'xls')
    throw unsupportedType('Excel 97-2003 files (.xls) cannot be read: save it as .xlsx or CSV.');
  const rows =
    format === 'csv' ? readCsvRows(createReadStream(upload.tempPath)) : readXlsxRows(upload.tempPath);
  let phoneColumns: number[] | null = null;
  let headerCandidates = 0;
  let invalid = 0;
  const numbers = new Set<string>();
  for await (const row of rows) {
    if (row.every((cell) => !cell)) continue;
    if (!phoneColumns) {
      phoneColumns = detectColumns(row)?.phone ?? null;
      if (!phoneColumns && ++headerCandidates >= HEADER_SEARCH_ROWS) break;
      continue;
    }
    const phone = phoneColumns.map((index) => toE164(row[index] ?? '')).find(Boolean);
    if (phone) numbers.add(phone);
    else invalid++;
  }
  if (!phoneColumns) throw badRequest('The file has no phone number column.');
  const all = [...numbers];
  let added = 0;
  for (let i = 0; i < all.length; i += BATCH) {
    added += await addNumbersToDoNotCall(owner, all.slice(i, i + BATCH), {
      reason: null,
      source: 'upload',
      createdByUserId,
    });
  }
  return { added, alreadyPresent: all.length - added, invalid };
}
