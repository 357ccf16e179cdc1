import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/** The text a cell shows, for every value type exceljs hands back. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  // Whole numbers without exponent or decimals: phone numbers are often stored as numbers.
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; text?: unknown; result?: unknown };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('');
    if ('text' in cell) return cellText(cell.text);
    if ('result' in cell) return cellText(cell.result);
  }
  return '';
}

type Rows = AsyncIterator<{ values: unknown }>;

/** Reads whatever is left, so exceljs reaches the code that deletes its temporary sheet copies. */
async function drain(sheets: AsyncIterator<AsyncIterable<{ values: unknown }>>, rows: Rows | undefined) {
  if (rows) while (!(await rows.next()).done);
  for (let sheet = await sheets.next(); !sheet.done; sheet = await sheets.next()) {
    const rest = sheet.value[Symbol.asyncIterator]();
    while (!(await rest.next()).done);
  }
}

/**
 * Rows of the first worksheet that has any, as arrays of text, streamed with exceljs's reader
 * (shared strings are kept in memory; the sheet itself never is). Sheets stored before the shared
 * strings, as Excel stores them, are copied to temporary files that exceljs deletes only once it
 * has read past them, so the rest of the workbook is always read to the end, even when the caller
 * stops early.
 */
export async function* readXlsxRows(source: Readable): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  // Files that store workbook.xml after their sheets would otherwise crash the reader (exceljs#3064).
  const withModel = reader as unknown as { model?: { sheets: unknown[] } };
  withModel.model ??= { sheets: [] };
  const sheets = reader[Symbol.asyncIterator]() as AsyncIterator<AsyncIterable<{ values: unknown }>>;
  let rows: Rows | undefined;
  let settled = false;
  try {
    let sawRows = false;
    for (let sheet = await sheets.next(); !sheet.done; sheet = await sheets.next()) {
      rows = sheet.value[Symbol.asyncIterator]();
      const readThisSheet = !sawRows;
      for (let row = await rows.next(); !row.done; row = await rows.next()) {
        if (!readThisSheet) continue;
        sawRows = true;
        yield Array.from((row.value.values as unknown[]).slice(1), cellText);
      }
      rows = undefined;
    }
    settled = true;
  } catch (err) {
    settled = true;
    throw err;
  } finally {
    if (!settled) await drain(sheets, rows).catch(() => undefined);
    source.destroy();
  }
}
