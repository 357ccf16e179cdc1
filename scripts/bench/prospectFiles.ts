// Generated prospect files for the parse benchmark: realistic columns, phones in several formats,
// about 1% repeated numbers and 1% invalid ones.
import fs from 'node:fs';
import ExcelJS from 'exceljs';

const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'James', 'Isabella', 'Lucas'];
const LAST = [
  'Martinez',
  'Johnson',
  'Williams',
  'Brown',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Wilson',
  'Moore',
];
const AREAS = ['212', '312', '415', '617', '713', '305', '206', '404', '512', '602'];
const CITIES = [
  'Springfield',
  'Riverside',
  'Franklin',
  'Greenville',
  'Bristol',
  'Clinton',
  'Fairview',
  'Salem',
];
export const HEADER = [
  'First Name',
  'Last Name',
  ' Phone Number ',
  'E-mail',
  'Company',
  'City',
  'State',
  'Notes',
];

/** The i-th distinct valid US number, written in one of four common ways. */
function phone(i: number, asNumber = false): string | number {
  const rest = Math.floor(i / AREAS.length);
  let exchange = 201 + (rest % 690);
  if (exchange % 100 === 11) exchange += 1;
  const line = String(Math.floor(rest / 690)).padStart(4, '0');
  const area = AREAS[i % AREAS.length];
  if (asNumber) return Number(`${area}${exchange}${line}`);
  switch (i % 4) {
    case 0:
      return `(${area}) ${exchange}-${line}`;
    case 1:
      return `${area}-${exchange}-${line}`;
    case 2:
      return `+1 ${area} ${exchange} ${line}`;
    default:
      return `${area}${exchange}${line}`;
  }
}

function row(i: number, numeric = false): (string | number)[] {
  const first = FIRST[i % FIRST.length];
  const last = LAST[Math.floor(i / 7) % LAST.length];
  let number: string | number = phone(i, numeric && i % 2 === 0);
  if (i % 100 === 37) number = phone(i - 30);
  if (i % 100 === 73) number = '555-01';
  return [
    first,
    last,
    number,
    `${first}.${last}.${i}@example.com`.toLowerCase(),
    `${last} & Sons ${i % 500}`,
    CITIES[i % CITIES.length],
    'IL',
    'Expo lead',
  ];
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export async function writeCsv(file: string, rows: number): Promise<number> {
  const out = fs.createWriteStream(file);
  const write = (line: string) =>
    out.write(`${line}\r\n`) ? undefined : new Promise<void>((r) => out.once('drain', () => r()));
  await write(HEADER.map(csvCell).join(','));
  for (let i = 0; i < rows; i++) await write(row(i).map(csvCell).join(','));
  await new Promise<void>((resolve) => out.end(() => resolve()));
  return fs.statSync(file).size;
}

export async function writeXlsx(file: string, rows: number): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Leads');
  sheet.addRow(HEADER).commit();
  for (let i = 0; i < rows; i++) sheet.addRow(row(i, true)).commit();
  sheet.commit();
  await workbook.commit();
  return fs.statSync(file).size;
}

/**
 * The most rows an upload may carry (1,000,000) in under 10 MB: distinct valid numbers on short
 * lines (what the worker must remember to drop repeats), every seventh row an invalid one.
 */
export async function writeLongestCsv(file: string, rows: number): Promise<number> {
  const out = fs.createWriteStream(file);
  const write = (line: string) =>
    out.write(`${line}\n`) ? undefined : new Promise<void>((r) => out.once('drain', () => r()));
  await write('Phone');
  for (let i = 0; i < rows; i++) await write(i % 7 === 3 ? '0' : String(phone(i, true)));
  await new Promise<void>((resolve) => out.end(() => resolve()));
  return fs.statSync(file).size;
}
