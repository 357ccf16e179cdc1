import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvLine, neutraliseCell } from '../../presenters/csv';
import { readListRows } from '../prospectImport/listRows';

/** Whether any cell of a CSV list would be read as a formula by a spreadsheet program. */
export async function csvHasFormulaCells(storedFileName: string): Promise<boolean> {
  for await (const row of readListRows(storedFileName)) {
    if (row.some((cell) => neutraliseCell(cell) !== cell)) return true;
  }
  return false;
}

/** The list's rows as CSV, each cell that starts like a formula prefixed with an apostrophe. */
export const neutralisedCsv = (storedFileName: string): Readable =>
  Readable.from(
    (async function* () {
      for await (const row of readListRows(storedFileName)) yield csvLine(row);
    })(),
  );

/**
 * A workbook's first sheet written again as plain text cells, each neutralised like a CSV cell: a
 * formula cell keeps the value it showed and loses the formula, so nothing runs when it is opened.
 */
export function neutralisedWorkbook(storedFileName: string): Readable {
  const out = new PassThrough();
  void (async () => {
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false });
    const sheet = writer.addWorksheet('Prospects');
    for await (const row of readListRows(storedFileName)) sheet.addRow(row.map(neutraliseCell)).commit();
    sheet.commit();
    await writer.commit();
  })().catch((err: Error) => out.destroy(err));
  return out;
}
