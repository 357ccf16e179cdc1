/** Why a prospect file could not be used, in words the user can act on (shown on the list). */
export const PROSPECT_FILE_PROBLEMS = {
  noPhoneColumn: 'No phone number column found. Name a column "Phone".',
  noValidPhones:
    'No valid phone numbers found. Check that the "Phone" column holds numbers such as (212) 555-0100.',
  oldExcel:
    'Excel 97-2003 workbooks (.xls) cannot be read. Save the file as .xlsx or CSV in Excel and upload it again.',
  unreadable:
    'This file could not be read. Open it in Excel, save it again as .xlsx or CSV, and upload it again.',
  missing: 'The uploaded file is missing. Please upload it again.',
  tooManyRows:
    'This file has more than 1,000,000 rows. Split it into smaller files and upload them one at a time.',
  damagedWorkbook:
    'This workbook is damaged: its parts do not match the sizes it declares. Open it in Excel, save it again as .xlsx or CSV, and upload it again.',
  cellTooLong:
    'A cell in this workbook holds more than 32,767 characters, more than Excel allows. Shorten it, or save the sheet as CSV, and upload it again.',
  tooMuchText:
    'This workbook holds more text than we can read at once. Split it into smaller files, or save it as CSV, and upload them one at a time.',
  gaveUp: 'We could not finish reading this file. Please upload it again.',
} as const;

/** A file that will never parse, whatever the retry: the list is marked failed with this message. */
export class ProspectFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProspectFileError';
  }
}
