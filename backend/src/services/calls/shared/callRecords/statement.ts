/** What every write of the owner module shares: its `updatedAt` stamp, its deadlock retry, its instance update. */
import { execute, sqlValue } from '../../../../db/execute';
import { retryOnDeadlock } from '../../../../db/deadlockRetry';
import type { CallRecord } from '../../../../db/models';

/** The moment a write stamps into `updatedAt` (and the other times it sets). */
export const callRecordStamp = (): Date => new Date();

/** The one `updatedAt` assignment of the writes here. */
export const STAMP = (now: Date) =>
  `updatedAt = GREATEST(${sqlValue(now)}, updatedAt + INTERVAL 1000 MICROSECOND)`;

/** What STAMP writes on a row whose `updatedAt` was `previous`. */
export const stampAfter = (previous: Date | undefined, now: Date): Date =>
  previous && previous.getTime() >= now.getTime() ? new Date(previous.getTime() + 1) : now;

export const run = (sql: string, replacements: Record<string, unknown>) =>
  retryOnDeadlock(() => execute(sql, { replacements }));

/** Sets on the instance what a statement wrote to its row, so it can be announced without a read. */
export const keep = (call: CallRecord, values: Partial<CallRecord>) => {
  // Timestamps are read-only to a model's setter, which would leave the old one silently.
  for (const [column, value] of Object.entries(values)) call.setDataValue(column as never, value as never);
};
