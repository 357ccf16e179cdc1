import { QueryTypes } from 'sequelize';
import { expect } from 'vitest';
import { sequelize } from '../../src/db/sequelize';

/** The statements of this test run's database that InnoDB has waiting for a lock now. */
export const lockWaitsHere = async (): Promise<string[]> =>
  (
    await sequelize.query<{ trx_query: string | null }>(
      `SELECT t.trx_query FROM information_schema.INNODB_TRX t
         JOIN information_schema.PROCESSLIST p ON p.ID = t.trx_mysql_thread_id
        WHERE t.trx_state = 'LOCK WAIT' AND p.DB = DATABASE()`,
      { type: QueryTypes.SELECT },
    )
  ).map((trx) => trx.trx_query ?? '');

/**
 * Resolves once `count` statements of this database wait for a lock (each matching `like`, when
 * given): the signal that a statement sent without awaiting it has reached its lock and blocks.
 */
export const untilLockWaits = (count: number, like?: RegExp) =>
  expect
    .poll(async () => (await lockWaitsHere()).filter((query) => !like || like.test(query)).length, {
      // InnoDB refreshes its transactions table only when it was not read for 100 ms.
      interval: 250,
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(count);
