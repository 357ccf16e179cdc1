import { Readable } from 'node:stream';
import { DoNotCallImport, User } from '../../src/db/models';
import { storage } from '../../src/storage';
import { uniqueEmail } from './client';

/** The i-th of a run of distinct valid US numbers (E.164): 10,000 per exchange, from 212-700. */
export const doNotCallNumber = (i: number) =>
  `+1212${700 + Math.floor(i / 10_000)}${String(i % 10_000).padStart(4, '0')}`;

/** `count` numbers from `from` on. */
export const doNotCallNumbers = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => doNotCallNumber(from + i));

/** A do-not-call CSV: a title line, the Phone header, then one row per value. */
export const doNotCallCsv = (rows: readonly string[]) =>
  ['Opt-outs', 'Name,Phone', ...rows.map((r) => `x,${r}`)].join('\n');

export const doNotCallListOwner = () =>
  User.create({ firstName: 'Dee', lastName: 'Ncall', email: uniqueEmail('dnc'), passwordHash: 'x' });

/**
 * An import as a large upload leaves it (queued, its file stored, its rows counted), without the
 * request: for the worker's job tests. `userId` null: the platform's list, uploaded by `createdByUserId`.
 */
export async function doNotCallImportWithFile(
  rows: readonly string[],
  owner: { userId: number } | { userId: null; createdByUserId: number },
) {
  const stored = await storage.write(
    'do-not-call-list',
    Readable.from([Buffer.from(doNotCallCsv(rows))]),
    '.csv',
  );
  return DoNotCallImport.create({
    userId: owner.userId,
    scope: owner.userId ?? 0,
    createdByUserId: owner.userId ?? (owner as { createdByUserId: number }).createdByUserId,
    fileName: 'opt-outs.csv',
    storedFileName: stored.storedFileName,
    linesRead: rows.length,
  });
}
