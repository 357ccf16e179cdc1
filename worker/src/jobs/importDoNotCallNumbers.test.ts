import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { UnrecoverableError, type Job } from 'bullmq';
import {
  DO_NOT_CALL_IMPORT_GAVE_UP,
  doNotCallListFullMessage,
  type JobPayloads,
} from '@ringcast/shared-types';
import {
  AuditLog,
  DoNotCallImport,
  DoNotCallNumber,
  IMPORT_BATCH_ROWS,
  User,
  closeBroadcaster,
  config,
  sequelize,
  storage,
} from '@ringcast/backend';
import {
  doNotCallImportWithFile,
  doNotCallListOwner,
  doNotCallNumber,
  doNotCallNumbers,
  uniqueEmail,
} from '@ringcast/backend/testing';
import { handleImportDoNotCallNumbers } from './importDoNotCallNumbers';

const defaultCap = config.doNotCallMaxNumbers;

afterEach(() => {
  config.doNotCallMaxNumbers = defaultCap;
  vi.restoreAllMocks();
});

afterAll(async () => {
  await closeBroadcaster();
});

const job = (importId: number, attemptsMade = 0) =>
  ({
    id: `dnc-import-${importId}`,
    data: { importId },
    attemptsMade,
    opts: { attempts: 5 },
  }) as unknown as Job<JobPayloads['importDoNotCallNumbers']>;

const listed = (scope: number) => DoNotCallNumber.count({ where: { scope } });

/**
 * 12,005 rows over three batches: 12,000 distinct numbers, 5 of them on the list before, 3 rows
 * without a number, and 2 repeats (one of a number from the first batch, read again in the second).
 */
async function twelveThousandRows() {
  const owner = await doNotCallListOwner();
  const numbers = doNotCallNumbers(12_000);
  await DoNotCallNumber.bulkCreate(
    numbers.slice(0, 5).map((phoneNumber) => ({
      userId: owner.id,
      scope: owner.id,
      phoneNumber,
      source: 'manual' as const,
    })),
  );
  const rows = [
    ...numbers.slice(0, 7000),
    'not a number',
    numbers[10],
    '555-01',
    ...numbers.slice(7000),
    numbers[11_999],
    'nope',
  ];
  expect(rows.length).toBeGreaterThan(2 * IMPORT_BATCH_ROWS);
  return { owner, rows, expected: { added: 11_995, alreadyPresent: 5, invalid: 3 } };
}

describe('the do-not-call import job', () => {
  it('adds a large file in batches, counts it, and a second run adds nothing twice', async () => {
    const { owner, rows, expected } = await twelveThousandRows();
    const found = await doNotCallImportWithFile(rows, { userId: owner.id });

    await expect(handleImportDoNotCallNumbers(job(found.id))).resolves.toMatchObject({
      outcome: 'completed',
      ...expected,
    });
    expect(await found.reload()).toMatchObject({
      status: 'completed',
      linesRead: 12_005,
      processed: 12_005,
      ...expected,
      errorMessage: null,
    });
    expect(await listed(owner.id)).toBe(12_000);
    const row = await DoNotCallNumber.findOne({
      where: { scope: owner.id, phoneNumber: doNotCallNumber(9) },
    });
    expect(row).toMatchObject({ userId: owner.id, source: 'upload', createdByUserId: owner.id });
    // Its file is gone once it is finished.
    expect(await storage.sizeOf('do-not-call-list', found.storedFileName)).toBe(0);

    await expect(handleImportDoNotCallNumbers(job(found.id))).resolves.toEqual({
      outcome: 'skipped',
      why: 'finished',
    });
    expect(await found.reload()).toMatchObject({ processed: 12_005, ...expected });
    expect(await listed(owner.id)).toBe(12_000);
  });

  it('a retried job resumes from the stored progress, and a duplicate running alongside counts nothing', async () => {
    const { owner, rows, expected } = await twelveThousandRows();
    const found = await doNotCallImportWithFile(rows, { userId: owner.id });
    // The database goes away while the second batch moves the progress.
    const query = sequelize.query.bind(sequelize);
    let progressWrites = 0;
    vi.spyOn(sequelize, 'query').mockImplementation(((sql: unknown, options: unknown) => {
      if (String(sql).includes('UPDATE do_not_call_imports') && ++progressWrites === 2)
        return Promise.reject(new Error('database away'));
      return query(sql as string, options as never);
    }) as typeof sequelize.query);
    await expect(handleImportDoNotCallNumbers(job(found.id))).rejects.toThrow('database away');
    vi.restoreAllMocks();
    expect(await found.reload()).toMatchObject({
      status: 'processing',
      processed: IMPORT_BATCH_ROWS,
      added: IMPORT_BATCH_ROWS - 5,
    });
    expect(await listed(owner.id)).toBe(IMPORT_BATCH_ROWS);

    // The retry and a duplicate of it at once: one carries the import on, the other changes nothing.
    const outcomes = await Promise.all([
      handleImportDoNotCallNumbers(job(found.id, 1)),
      handleImportDoNotCallNumbers(job(found.id, 1)),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['completed', 'skipped']);
    expect(await found.reload()).toMatchObject({ status: 'completed', processed: 12_005, ...expected });
    expect(await listed(owner.id)).toBe(12_000);
  });

  it('stops at the cap: numbers up to it are added, none past it, and the import fails with the message', async () => {
    const owner = await doNotCallListOwner();
    const rows = doNotCallNumbers(10_005);
    // The upload fitted (10,005 rows on an empty list under a cap of 10,010); 6 numbers came after.
    config.doNotCallMaxNumbers = 10_010;
    const found = await doNotCallImportWithFile(rows, { userId: owner.id });
    await DoNotCallNumber.bulkCreate(
      doNotCallNumbers(6, 50_000).map((phoneNumber) => ({
        userId: owner.id,
        scope: owner.id,
        phoneNumber,
        source: 'manual' as const,
      })),
    );

    await expect(handleImportDoNotCallNumbers(job(found.id))).rejects.toBeInstanceOf(UnrecoverableError);
    expect(await found.reload()).toMatchObject({
      status: 'failed',
      errorMessage: doNotCallListFullMessage(10_010),
      added: 10_004,
    });
    expect(await listed(owner.id)).toBe(10_010);
    expect(
      await DoNotCallNumber.count({ where: { scope: owner.id, phoneNumber: doNotCallNumber(10_004) } }),
    ).toBe(0);
  });

  it('fills the platform list, audited per number, uncapped', async () => {
    config.doNotCallMaxNumbers = 10;
    const admin = await User.create({
      firstName: 'Ada',
      lastName: 'Admin',
      email: uniqueEmail('dnc-admin'),
      passwordHash: 'x',
    });
    const numbers = doNotCallNumbers(20, 90_000 + Math.floor(Math.random() * 9_000));
    const before = await listed(0);
    const found = await doNotCallImportWithFile(numbers, { userId: null, createdByUserId: admin.id });
    await expect(handleImportDoNotCallNumbers(job(found.id))).resolves.toMatchObject({
      outcome: 'completed',
      added: 20,
    });
    expect(await listed(0)).toBe(before + 20);
    expect(
      await AuditLog.count({ where: { action: 'doNotCall.add', actorUserId: admin.id, entityId: numbers } }),
    ).toBe(20);
  });

  it('retries other errors, and its last attempt marks the import failed', async () => {
    const owner = await doNotCallListOwner();
    const found = await doNotCallImportWithFile(doNotCallNumbers(3), { userId: owner.id });
    vi.spyOn(sequelize, 'transaction').mockRejectedValue(new Error('database away'));
    await expect(handleImportDoNotCallNumbers(job(found.id, 0))).rejects.toThrow('database away');
    expect((await found.reload()).status).toBe('processing');
    await expect(handleImportDoNotCallNumbers(job(found.id, 4))).rejects.toThrow('database away');
    vi.restoreAllMocks();
    expect(await DoNotCallImport.findByPk(found.id)).toMatchObject({
      status: 'failed',
      errorMessage: DO_NOT_CALL_IMPORT_GAVE_UP,
    });
  });
});
