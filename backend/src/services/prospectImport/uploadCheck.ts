import { INVALID_FILE_TYPE, prospectFileExtension } from '@ringcast/shared-types';
import { tooLarge, unsupportedType } from '../../errors';
import { contentMatchesExtension, inspectSpreadsheet, type SpreadsheetFormat } from './fileContent';

/** A workbook may unpack to at most this much XML before the worker would refuse to read it. */
export const MAX_WORKBOOK_UNPACKED_BYTES = 200 * 1024 * 1024;

/**
 * The upload's real format, checked against its name: a PNG renamed .csv or a .xlsx that is not
 * a workbook is refused (415), and so is a workbook that would unpack to an unreasonable size (413).
 */
export async function checkProspectFileContent(file: {
  tempPath: string;
  originalName: string;
  sizeBytes: number;
}): Promise<SpreadsheetFormat> {
  const extension = prospectFileExtension(file.originalName);
  const content = await inspectSpreadsheet(file.tempPath, file.sizeBytes);
  if (!extension || !content || !contentMatchesExtension(extension, content.format)) {
    throw unsupportedType(`This file's content is not CSV or Excel. ${INVALID_FILE_TYPE.description}`);
  }
  if ((content.unpackedBytes ?? 0) > MAX_WORKBOOK_UNPACKED_BYTES) {
    throw tooLarge(
      'This workbook holds too much data to read. Split it into smaller files and upload them one at a time.',
    );
  }
  return content.format;
}
