import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { contentMatchesExtension, inspectSpreadsheet, looksLikeText, readZipDirectory } from './fileContent';
import { sniffDelimiter } from './csvRows';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prospect-content-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function fileOf(name: string, content: string | Buffer) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return { file, size: fs.statSync(file).size };
}

describe('inspectSpreadsheet', () => {
  it('tells text, workbooks and everything else apart by content', async () => {
    const csv = await fileOf('a.csv', 'Name,Phone\nAda,2125550100\n');
    expect(await inspectSpreadsheet(csv.file, csv.size)).toEqual({ format: 'csv' });

    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Leads').addRow(['Phone']);
    const xlsx = await fileOf('a.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(await inspectSpreadsheet(xlsx.file, xlsx.size)).toMatchObject({
      format: 'xlsx',
      unpackedBytes: expect.any(Number),
    });

    const cfb = await fileOf(
      'a.xls',
      Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]),
    );
    expect(await inspectSpreadsheet(cfb.file, cfb.size)).toEqual({ format: 'xls' });

    const png = await fileOf(
      'a.png',
      Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]),
    );
    expect(await inspectSpreadsheet(png.file, png.size)).toBeNull();
    const fakeZip = await fileOf('b.xlsx', Buffer.from('PK\u0003\u0004 not really a zip'));
    expect(await inspectSpreadsheet(fakeZip.file, fakeZip.size)).toBeNull();
  });

  it('reads the entry names and unpacked size from a zip directory', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Leads').addRow(['Phone', 'x'.repeat(5000)]);
    const xlsx = await fileOf('c.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const directory = await readZipDirectory(xlsx.file, xlsx.size);
    expect(directory?.names).toContain('xl/workbook.xml');
    expect(directory?.unpackedBytes).toBeGreaterThan(5000);
  });

  it('accepts for .xls what Excel users save under that name', () => {
    expect(contentMatchesExtension('.xls', 'csv')).toBe(true);
    expect(contentMatchesExtension('.xls', 'xlsx')).toBe(true);
    expect(contentMatchesExtension('.csv', 'xlsx')).toBe(false);
    expect(contentMatchesExtension('.xlsx', 'xls')).toBe(false);
  });
});

describe('text and delimiters', () => {
  it('sees binary data as not text', () => {
    expect(looksLikeText(Buffer.from('Name;Téléphone\r\nJosé;0612345678\r\n', 'latin1'))).toBe(true);
    expect(looksLikeText(Buffer.from([0x4e, 0x00, 0x61, 0x00]))).toBe(false);
    expect(looksLikeText(Buffer.alloc(0))).toBe(false);
  });

  it('picks the delimiter of the header line, ignoring quoted ones', () => {
    expect(sniffDelimiter('Name,Phone,Email\n')).toBe(',');
    expect(sniffDelimiter('Name;Phone;Email\na,b,c,d,e')).toBe(';');
    expect(sniffDelimiter('"Last, First"\tPhone\tEmail')).toBe('\t');
    expect(sniffDelimiter('Phone')).toBe(',');
  });
});
