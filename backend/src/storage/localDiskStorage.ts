import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { mkdir, rename, copyFile, unlink, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  FILE_KINDS,
  InvalidStoredFileName,
  type FileKind,
  type FileStorage,
  type StoredFile,
} from './fileStorage';

/** A UUID and one of the kind's extensions: exactly what newName() produces. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z]{3,4})$/;

export class LocalDiskStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async incomingDir(): Promise<string> {
    const dir = path.join(this.root, '.incoming');
    await mkdir(dir, { recursive: true });
    return dir;
  }

  pathFor(kind: FileKind, storedFileName: string): string {
    const spec = FILE_KINDS[kind];
    const match = spec && typeof storedFileName === 'string' ? STORED_NAME.exec(storedFileName) : null;
    if (!match || !(spec.extensions as readonly string[]).includes(match[1]))
      throw new InvalidStoredFileName();
    const folder = path.join(this.root, spec.folder);
    const full = path.resolve(folder, storedFileName);
    // Belt and braces: the pattern already rules out separators and dots.
    if (path.dirname(full) !== folder) throw new InvalidStoredFileName();
    return full;
  }

  async moveIn(kind: FileKind, sourcePath: string, extension: string): Promise<StoredFile> {
    const { storedFileName, target } = await this.newName(kind, extension);
    try {
      await rename(sourcePath, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await copyFile(sourcePath, target);
      await unlink(sourcePath);
    }
    return { storedFileName, sizeBytes: (await stat(target)).size };
  }

  async write(kind: FileKind, source: Readable, extension: string): Promise<StoredFile> {
    const { storedFileName, target } = await this.newName(kind, extension);
    try {
      await pipeline(source, fs.createWriteStream(target, { flags: 'wx' }));
    } catch (err) {
      await unlink(target).catch(() => undefined);
      throw err;
    }
    return { storedFileName, sizeBytes: (await stat(target)).size };
  }

  openRead(kind: FileKind, storedFileName: string): Readable {
    return fs.createReadStream(this.pathFor(kind, storedFileName));
  }

  async sizeOf(kind: FileKind, storedFileName: string): Promise<number> {
    try {
      return (await stat(this.pathFor(kind, storedFileName))).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      return 0;
    }
  }

  async remove(kind: FileKind, storedFileName: string): Promise<void> {
    try {
      await unlink(this.pathFor(kind, storedFileName));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  private async newName(kind: FileKind, extension: string) {
    const storedFileName = `${randomUUID()}${extension.toLowerCase()}`;
    const target = this.pathFor(kind, storedFileName);
    await mkdir(path.dirname(target), { recursive: true });
    return { storedFileName, target };
  }
}
