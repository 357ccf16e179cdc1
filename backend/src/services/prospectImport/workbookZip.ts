import { open, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { PROSPECT_FILE_PROBLEMS, ProspectFileError } from './messages';

/** More parts than any workbook has: a zip with more is not one we read. */
const MAX_ENTRIES = 10_000;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const DATA_DESCRIPTOR_SIGNATURE = 0x08074b50;
const HAS_DATA_DESCRIPTOR = 0x08;
const ZIP64_EXTRA_ID = 0x0001;
const UNSET32 = 0xffffffff;

const damaged = () => new ProspectFileError(PROSPECT_FILE_PROBLEMS.damagedWorkbook);
/** No zip directory to read at all (a truncated file, say): the file is not a workbook we can open. */
const unreadable = () => new ProspectFileError(PROSPECT_FILE_PROBLEMS.unreadable);

const openZip = (filePath: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    // validateEntrySizes (yauzl's default, said here because it is the point): every entry's
    // stream counts the bytes it inflates and fails past the size the directory declares.
    yauzl.open(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );

function readEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      if (entries.size >= MAX_ENTRIES || entries.has(entry.fileName)) return reject(damaged());
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The sizes a ZIP64 extra field holds for the 32-bit fields left at 0xffffffff, in its order. */
function zip64Sizes(extra: Buffer, uncompressed: number, compressed: number) {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA_ID) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + size || field + 8 > extra.length) return Number.NaN;
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      const u = uncompressed === UNSET32 ? next() : uncompressed;
      const c = compressed === UNSET32 ? next() : compressed;
      return { uncompressed: u, compressed: c };
    }
    at += 4 + size;
  }
  return { uncompressed: Number.NaN, compressed: Number.NaN };
}

/**
 * A streaming reader trusts the local header, a random-access one the central directory: a file
 * whose two disagree (crc or sizes; with a data descriptor, the descriptor's) shows each reader a
 * different workbook, and is refused.
 */
async function assertLocalHeaderAgrees(file: FileHandle, entry: Entry): Promise<void> {
  const header = await readAt(file, entry.relativeOffsetOfLocalHeader, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) throw damaged();
  const flags = header.readUInt16LE(6);
  const nameLength = header.readUInt16LE(26);
  const extraLength = header.readUInt16LE(28);
  let local = {
    crc: header.readUInt32LE(14),
    compressed: header.readUInt32LE(18),
    uncompressed: header.readUInt32LE(22),
  };
  if (local.compressed === UNSET32 || local.uncompressed === UNSET32) {
    const extra = await readAt(file, entry.relativeOffsetOfLocalHeader + 30 + nameLength, extraLength);
    local = { crc: local.crc, ...zip64Sizes(extra, local.uncompressed, local.compressed) };
  }
  const central = {
    crc: entry.crc32,
    compressed: entry.compressedSize,
    uncompressed: entry.uncompressedSize,
  };
  const agrees = (found: typeof local) =>
    found.crc === central.crc &&
    found.compressed === central.compressed &&
    found.uncompressed === central.uncompressed;
  if (!(flags & HAS_DATA_DESCRIPTOR)) {
    if (!agrees(local)) throw damaged();
    return;
  }
  // Streaming writers leave the local fields at zero and put the values after the data.
  const localIsBlank = local.crc === 0 && local.compressed === 0 && local.uncompressed === 0;
  if (!localIsBlank && !agrees(local)) throw damaged();
  const dataStart = entry.relativeOffsetOfLocalHeader + 30 + nameLength + extraLength;
  const descriptor = await readAt(file, dataStart + entry.compressedSize, 24);
  const at = descriptor.length >= 4 && descriptor.readUInt32LE(0) === DATA_DESCRIPTOR_SIGNATURE ? 4 : 0;
  const fits = (sizeBytes: number) => descriptor.length >= at + 4 + 2 * sizeBytes;
  const read32 = { crc: 0, compressed: 0, uncompressed: 0 };
  if (fits(4)) {
    read32.crc = descriptor.readUInt32LE(at);
    read32.compressed = descriptor.readUInt32LE(at + 4);
    read32.uncompressed = descriptor.readUInt32LE(at + 8);
  }
  if (fits(4) && agrees(read32)) return;
  if (fits(8)) {
    const read64 = {
      crc: descriptor.readUInt32LE(at),
      compressed: Number(descriptor.readBigUInt64LE(at + 4)),
      uncompressed: Number(descriptor.readBigUInt64LE(at + 12)),
    };
    if (agrees(read64)) return;
  }
  throw damaged();
}

export interface WorkbookZip {
  has(name: string): boolean;
  names(): string[];
  /**
   * The part's inflated content, streamed. Refused before a byte is read when the directory says
   * it is larger than maxBytes; fails as it streams when it inflates to more than it said.
   */
  open(name: string, maxBytes: number, tooLarge: string): Promise<Readable>;
  close(): Promise<void>;
}

/**
 * Opens an xlsx by its central directory (yauzl, random access), having checked that every local
 * header agrees with it. Zip errors become a ProspectFileError the user can act on; a missing file
 * keeps its ENOENT.
 */
export async function openWorkbookZip(filePath: string): Promise<WorkbookZip> {
  let zip: ZipFile;
  try {
    zip = await openZip(filePath);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw err;
    throw unreadable();
  }
  try {
    const entries = await readEntries(zip).catch((err) => {
      throw err instanceof ProspectFileError ? err : unreadable();
    });
    const file = await open(filePath, 'r');
    try {
      for (const entry of entries.values()) await assertLocalHeaderAgrees(file, entry);
    } finally {
      await file.close();
    }
    return {
      has: (name) => entries.has(name),
      names: () => [...entries.keys()],
      open: (name, maxBytes, tooLarge) => {
        const entry = entries.get(name);
        if (!entry) return Promise.reject(damaged());
        if (entry.uncompressedSize > maxBytes) return Promise.reject(new ProspectFileError(tooLarge));
        return new Promise((resolve, reject) =>
          zip.openReadStream(entry, (err, stream) => (err ? reject(damaged()) : resolve(stream))),
        );
      },
      close: async () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw err;
  }
}
