import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { ProspectList, User } from '../../src/db/models';
import { storage } from '../../src/storage';
import { storedZip } from './agentDocuments';
import { uniqueEmail, type TestClient } from './client';

/** Sends a file the way the browser does: multipart/form-data with the session cookie. */
export async function uploadFile(
  client: TestClient,
  fileName: string,
  content: string | Uint8Array,
  field = 'file',
  path = '/api/prospect-lists/upload',
) {
  const form = new FormData();
  form.append(field, new Blob([content]), fileName);
  const res = await fetch(`${client.baseUrl}${path}`, {
    method: 'POST',
    headers: client.cookieHeader ? { Cookie: client.cookieHeader } : {},
    body: form,
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: the status tells the story
  }
  return { status: res.status, json, text };
}

/** A CSV as a sloppy export would have it: a title line, padded headers, blanks, junk and repeats. */
export const MESSY_CSV = [
  'Leads export,,',
  ' Full Name , Phone Number ,E-mail',
  'Ada Lovelace,(212) 555-0100,ada@example.com',
  '"Hopper, Grace",212.555.0101,grace@example',
  'No Number,,none@example.com',
  'Bad Number,555-0100,bad@example.com',
  ',,',
  'Ada Again,+1 212 555 0100,ada2@example.com',
  'Alan Turing,+44 20 7946 0958,alan@example.com',
  '',
  'Katherine Johnson,4155552671,kj@example.com',
].join('\r\n');
/** Ada, Grace, Alan, Katherine: the rest are invalid or repeat Ada's number. */
export const MESSY_CSV_CONTACTS = 4;

/** A workbook with 'MOBILE', first and last names, numbers stored as numbers, repeats and junk. */
export async function messyWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Empty');
  const sheet = workbook.addWorksheet('Leads');
  sheet.addRow(['First Name', 'Last Name', 'MOBILE', 'Email Address']);
  sheet.addRow(['Ada', 'Lovelace', 2125550100, 'ada@example.com']);
  sheet.addRow([
    { richText: [{ text: 'Gra' }, { text: 'ce' }] },
    'Hopper',
    '(212) 555-0101',
    'grace@example.com',
  ]);
  sheet.addRow(['Dup', 'Ada', '+1 (212) 555-0100', 'dup@example.com']);
  sheet.addRow(['Nobody', 'Here', 'unknown', '']);
  sheet.addRow([
    'Alan',
    'Turing',
    442079460958,
    { text: 'alan@example.com', hyperlink: 'mailto:alan@example.com' },
  ]);
  sheet.addRow(['Formula', 'Row', { formula: '"415"&"5552671"', result: '4155552671' }, '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
export const MESSY_WORKBOOK_CONTACTS = 4;

/** The first bytes of an Excel 97-2003 (compound file) workbook. */
export const OLD_EXCEL_BYTES = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
export const PNG_BYTES = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.alloc(64, 1),
]);

/** A real zip (stored, one entry) that is not a workbook: the shape of a .docx or any archive. */
export function zipWithoutWorkbook(entryName = 'notes.txt', content = 'hello'): Buffer {
  return storedZip({ [entryName]: content });
}

let listOwner: User | undefined;

/** A list in processing with its file stored, as an upload leaves it for the parse job. */
export async function prospectListWithFile(
  content: string | Buffer,
  extension: '.csv' | '.xlsx' | '.xls',
  name = `leads${extension}`,
) {
  listOwner ??= await User.create({
    firstName: 'Pat',
    lastName: 'Parse',
    email: uniqueEmail('parse'),
    passwordHash: 'x',
  });
  const stored = await storage.write('prospect-list', Readable.from([Buffer.from(content)]), extension);
  return ProspectList.create({ userId: listOwner.id, name, storedFileName: stored.storedFileName });
}
