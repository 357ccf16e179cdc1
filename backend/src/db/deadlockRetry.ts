import type { Transaction } from 'sequelize';
import { sequelize } from './sequelize';

/** Tries of a transaction the database chose as a deadlock's victim. */
const TRIES = 4;

const isDeadlock = (err: unknown): boolean => {
  const driver = (err as { original?: { errno?: number }; parent?: { errno?: number } }) ?? {};
  // ER_LOCK_DEADLOCK: the whole transaction was rolled back, and the database asks to run it again.
  return (driver.original ?? driver.parent)?.errno === 1213;
};

/**
 * Runs a whole transaction again when the database picked it as a deadlock's victim: it was rolled
 * back entirely, so running it again changes nothing twice. Any other error goes to the caller.
 */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await transaction();
    } catch (err) {
      if (tried >= TRIES || !isDeadlock(err)) throw err;
      // A short random pause, so the two sides do not meet again in step.
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * tried));
    }
  }
}

/** A transaction run again whole when the database picks it as a deadlock's victim (retryOnDeadlock). */
export function retriedTransaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
  return retryOnDeadlock(() => sequelize.transaction(work));
}
