import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './localDiskStorage';
import { InvalidStoredFileName } from './fileStorage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
const storage = new LocalDiskStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('LocalDiskStorage', () => {
  it('stores under a generated name in the kind folder, reads back and deletes', async () => {
    const stored = await storage.write('prospect-list', Readable.from(['Phone\n2125550100\n']), '.CSV');
    expect(stored.storedFileName).toMatch(/^[0-9a-f-]{36}\.csv$/);
    expect(stored.sizeBytes).toBe(17);
    expect(storage.pathFor('prospect-list', stored.storedFileName)).toBe(
      path.join(root, 'prospect-lists', stored.storedFileName),
    );
    expect(await text(storage.openRead('prospect-list', stored.storedFileName))).toBe('Phone\n2125550100\n');
    await storage.remove('prospect-list', stored.storedFileName);
    await storage.remove('prospect-list', stored.storedFileName);
    expect(fs.existsSync(storage.pathFor('prospect-list', stored.storedFileName))).toBe(false);
  });

  it('moves a finished upload in from the incoming folder', async () => {
    const temp = path.join(await storage.incomingDir(), 'upload-part');
    fs.writeFileSync(temp, 'data');
    const stored = await storage.moveIn('agent-document', temp, '.txt');
    expect(fs.existsSync(temp)).toBe(false);
    expect(fs.readFileSync(storage.pathFor('agent-document', stored.storedFileName), 'utf8')).toBe('data');
  });

  it('refuses every name it did not generate, and extensions of another kind', () => {
    const ours = '0b0c6a4e-3f0e-4c57-9a53-8a1f8cbbd9a1';
    for (const name of [
      '../../etc/passwd',
      'leads.csv',
      `${ours}.csv/../x.csv`,
      `../${ours}.csv`,
      `${ours}.exe`,
      `${ours}.pdf`,
      '',
      `${ours.toUpperCase()}.csv`,
    ]) {
      expect(() => storage.pathFor('prospect-list', name), name).toThrow(InvalidStoredFileName);
    }
    expect(() => storage.pathFor('nope' as never, `${ours}.csv`)).toThrow(InvalidStoredFileName);
    expect(() => storage.openRead('prospect-list', '../secret')).toThrow(InvalidStoredFileName);
    expect(storage.pathFor('agent-document', `${ours}.pdf`)).toBe(
      path.join(root, 'agent-documents', `${ours}.pdf`),
    );
  });
});
