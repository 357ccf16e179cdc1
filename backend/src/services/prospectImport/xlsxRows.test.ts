import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { cellText, readXlsxRows } from './xlsxRows';

// exceljs's temporary sheet copies go to os.tmpdir(); each test gets its own to count them.
let tmpdir: string;
const originalTmpdir = process.env.TMPDIR;
const baseTmpdir = os.tmpdir();
beforeEach(() => {
  tmpdir = fs.mkdtempSync(path.join(baseTmpdir, 'xlsx-rows-'));
  process.env.TMPDIR = tmpdir;
});
afterEach(() => {
  if (originalTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = originalTmpdir;
  fs.rmSync(tmpdir, { recursive: true, force: true });
});

/** Written by the streaming writer, which stores the sheets before the shared strings, as Excel does. */
async function workbook(sheets: (string | number)[][][]): Promise<string> {
  const file = path.join(baseTmpdir, `book-${process.pid}-${Date.now()}.xlsx`);
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  sheets.forEach((rows, i) => {
    const sheet = writer.addWorksheet(`Sheet ${i + 1}`);
    rows.forEach((row) => sheet.addRow(row).commit());
    sheet.commit();
  });
  await writer.commit();
  written.push(file);
  return file;
}
const written: string[] = [];
afterAll(() => written.forEach((file) => fs.rmSync(file, { force: true })));

/** exceljs removes its copies asynchronously, a moment after it has read past them. */
async function tempFilesLeft(): Promise<string[]> {
  for (let i = 0; i < 200 && fs.readdirSync(tmpdir).length; i++) await new Promise((r) => setTimeout(r, 25));
  return fs.readdirSync(tmpdir);
}

async function collect(rows: AsyncGenerator<string[]>, limit = Infinity) {
  const seen: string[][] = [];
  for await (const row of rows) {
    seen.push(row);
    if (seen.length >= limit) break;
  }
  return seen;
}

describe('readXlsxRows', () => {
  it('reads the first sheet with rows, skipping empty ones, and leaves no temporary files', async () => {
    const book = await workbook([
      [],
      [
        ['Phone', 'Name'],
        [2125550100, 'Ada'],
      ],
      [['Other'], ['x']],
    ]);
    expect(await collect(readXlsxRows(book))).toEqual([
      ['Phone', 'Name'],
      ['2125550100', 'Ada'],
    ]);
    expect(await tempFilesLeft()).toEqual([]);
  });

  it('cleans up when the caller stops early', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => [`row ${i}`, 2125550000 + i]);
    const book = await workbook([rows, [['second']]]);
    expect(await collect(readXlsxRows(book), 3)).toHaveLength(3);
    expect(await tempFilesLeft()).toEqual([]);
  });
});

describe('cellText', () => {
  it('shows each kind of cell value as text', () => {
    expect(cellText(447911123456)).toBe('447911123456');
    expect(cellText(1.5)).toBe('1.5');
    expect(cellText({ richText: [{ text: 'Ad' }, { text: 'a' }] })).toBe('Ada');
    expect(cellText({ text: 'a@b.co', hyperlink: 'mailto:a@b.co' })).toBe('a@b.co');
    expect(cellText({ formula: 'A1', result: 2125550100 })).toBe('2125550100');
    expect(cellText({ error: '#N/A' })).toBe('');
    expect(cellText(null)).toBe('');
    expect(cellText(new Date('2024-05-01T00:00:00Z'))).toBe('2024-05-01');
  });
});
