import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import type { ProspectFileExtension } from '@ringcast/shared-types';

/** How a prospect file is really stored, whatever its name says. */
export type SpreadsheetFormat = 'csv' | 'xlsx' | 'xls';

const SAMPLE_BYTES = 64 * 1024;

export async function readSample(filePath: string, length = SAMPLE_BYTES, position = 0): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Text has no NUL bytes and almost no other control characters (tabs and line breaks aside). */
export function looksLikeText(sample: Buffer): boolean {
  if (!sample.length) return false;
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return false;
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) || byte === 0x7f)
      control++;
  }
  return control / sample.length < 0.01;
}

export interface SpreadsheetContent {
  format: SpreadsheetFormat;
  /** For a workbook: what its parts add up to once unpacked. */
  unpackedBytes?: number;
}

/**
 * What the content really is: an xlsx (a zip holding xl/workbook.xml, found through the zip's own
 * directory because file-type gives up on workbooks written by streaming writers), an xls (a
 * compound file) or text; null for anything else.
 */
export async function inspectSpreadsheet(
  filePath: string,
  fileSize: number,
): Promise<SpreadsheetContent | null> {
  const type = await fileTypeFromFile(filePath);
  if (type?.ext === 'xlsx' || type?.ext === 'zip') {
    const directory = await readZipDirectory(filePath, fileSize);
    return directory?.names.includes('xl/workbook.xml')
      ? { format: 'xlsx', unpackedBytes: directory.unpackedBytes }
      : null;
  }
  if (type?.ext === 'cfb') return { format: 'xls' };
  if (type) return null;
  return looksLikeText(await readSample(filePath)) ? { format: 'csv' } : null;
}

/** Content each extension may carry: an ".xls" is often really a newer workbook or a CSV. */
const ACCEPTED: Record<ProspectFileExtension, readonly SpreadsheetFormat[]> = {
  '.csv': ['csv'],
  '.xlsx': ['xlsx'],
  '.xls': ['xls', 'xlsx', 'csv'],
};

export function contentMatchesExtension(
  extension: ProspectFileExtension,
  format: SpreadsheetFormat,
): boolean {
  return ACCEPTED[extension].includes(format);
}

/**
 * A zip's entry names and the unpacked size its central directory declares, or null when there is
 * no readable directory. A 10 MB workbook can unpack to gigabytes, so the size is checked first.
 */
export async function readZipDirectory(
  filePath: string,
  fileSize: number,
): Promise<{ names: string[]; unpackedBytes: number } | null> {
  const tailLength = Math.min(fileSize, 22 + 0xffff);
  const tail = await readSample(filePath, tailLength, fileSize - tailLength);
  const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > tail.length) return null;
  const entries = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directoryOffset + directorySize > fileSize) return null;
  const directory = await readSample(filePath, directorySize, directoryOffset);
  const names: string[] = [];
  let unpackedBytes = 0;
  let at = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = directory.readUInt16LE(at + 28);
    unpackedBytes += directory.readUInt32LE(at + 24);
    names.push(directory.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return { names, unpackedBytes };
}
