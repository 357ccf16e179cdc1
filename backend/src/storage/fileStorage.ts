import type { Readable } from 'node:stream';

/** What we store: each kind has its own folder and its own extensions. */
export const FILE_KINDS = {
  'prospect-list': { folder: 'prospect-lists', extensions: ['.csv', '.xlsx', '.xls'] },
  'agent-document': { folder: 'agent-documents', extensions: ['.pdf', '.doc', '.docx', '.txt'] },
  'do-not-call-list': { folder: 'do-not-call-lists', extensions: ['.csv', '.xlsx'] },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

export const isFileKind = (value: string): value is FileKind => Object.hasOwn(FILE_KINDS, value);

export interface StoredFile {
  /** Our own generated name; the only name the storage ever accepts back. */
  storedFileName: string;
  sizeBytes: number;
}

/**
 * Uploaded files. Names are always generated here, never taken from users, and every method
 * refuses a name that is not one of ours, so nothing can reach outside the storage folder.
 */
export interface FileStorage {
  /** A scratch folder for uploads still being received (same disk, so moving them in is a rename). */
  incomingDir(): Promise<string>;
  /** Moves a finished temporary file in under a new name. */
  moveIn(kind: FileKind, sourcePath: string, extension: string): Promise<StoredFile>;
  /** Writes a stream in under a new name. */
  write(kind: FileKind, source: Readable, extension: string): Promise<StoredFile>;
  openRead(kind: FileKind, storedFileName: string): Readable;
  /** The file's size in bytes; 0 for a file that is gone. */
  sizeOf(kind: FileKind, storedFileName: string): Promise<number>;
  /** Deleting a file that is already gone is not an error. */
  remove(kind: FileKind, storedFileName: string): Promise<void>;
  /** The absolute path of one of our files; throws for any other name. */
  pathFor(kind: FileKind, storedFileName: string): string;
}

export class InvalidStoredFileName extends Error {
  constructor() {
    super('Not a stored file name');
    this.name = 'InvalidStoredFileName';
  }
}
