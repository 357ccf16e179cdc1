import { afterAll, describe, expect, it, vi } from 'vitest';
import { UnrecoverableError, type Job } from 'bullmq';
import { Connection } from 'mysql2';
import type { JobPayloads } from '@ringcast/shared-types';
import { closeBroadcaster, PROSPECT_FILE_PROBLEMS } from '@ringcast/backend';
import { MESSY_CSV, prospectListWithFile } from '@ringcast/backend/testing';
import { handleParseProspectList } from './parseProspectList';

afterAll(async () => {
  await closeBroadcaster();
});

describe('the parse job', () => {
  const job = (prospectListId: number, attemptsMade: number) =>
    ({
      id: `test-${prospectListId}`,
      data: { prospectListId },
      attemptsMade,
      opts: { attempts: 5 },
    }) as unknown as Job<JobPayloads['parseProspectList']>;

  it('fails a file that can never parse without retrying it', async () => {
    const list = await prospectListWithFile('Name\nAda\n', '.csv');
    await expect(handleParseProspectList(job(list.id, 0))).rejects.toBeInstanceOf(UnrecoverableError);
  });

  it('retries other errors, and its last attempt marks the list failed', async () => {
    const list = await prospectListWithFile(MESSY_CSV, '.csv');
    // The prospects' INSERT fails on the connection; every other statement (the list's own) goes through.
    const query = Connection.prototype.query as (...args: unknown[]) => unknown;
    const insert = vi.spyOn(Connection.prototype, 'query').mockImplementation(function (
      this: Connection,
      ...args: unknown[]
    ) {
      const [sql, values, callback] = args as [unknown, unknown[], (err: Error) => void];
      if (String(sql).startsWith('INSERT IGNORE') && values[0] === 'prospects')
        return callback(new Error('database away'));
      return query.apply(this, args);
    } as typeof Connection.prototype.query);
    try {
      await expect(handleParseProspectList(job(list.id, 0))).rejects.toThrow('database away');
      expect((await list.reload()).status).toBe('processing');
      await expect(handleParseProspectList(job(list.id, 4))).rejects.toThrow('database away');
      expect(await list.reload()).toMatchObject({
        status: 'failed',
        failureReason: PROSPECT_FILE_PROBLEMS.gaveUp,
      });
    } finally {
      insert.mockRestore();
    }
  });
});
