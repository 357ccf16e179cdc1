import type { Transaction } from 'sequelize';
import { sqlValue } from '../../../db/execute';
import { sequelize } from '../../../db/sequelize';
import type { CallRecord } from '../../../db/models';

/**
 * Writes what changed on calls whose rows the caller holds locked: one call through its model,
 * many in one statement (each column a CASE on the id), since writing each call's current values
 * under the lock is the same as saving them one by one, at one round trip instead of one per call.
 */
export async function saveCallRows(calls: CallRecord[], transaction: Transaction): Promise<void> {
  if (!calls.length) return;
  if (calls.length === 1) {
    await calls[0]!.save({ transaction });
    return;
  }
  const now = new Date();
  const columns = [...new Set(calls.flatMap((call) => call.changed() || []))].filter(
    (column) => column !== 'updatedAt',
  ) as (keyof CallRecord & string)[];
  const sets = columns.map((column) => {
    const cases = calls.map((call) => `WHEN ${Number(call.id)} THEN ${sqlValue(call.get(column))}`);
    return `\`${column}\` = CASE id ${cases.join(' ')} END`;
  });
  const ids = calls.map((call) => Number(call.id)).join(', ');
  await sequelize.query(
    `UPDATE call_records SET ${[...sets, `updatedAt = ${sqlValue(now)}`].join(', ')} WHERE id IN (${ids})`,
    { transaction },
  );
  // Timestamps are read-only to a model's setter, which would leave the old one silently.
  for (const call of calls) call.setDataValue('updatedAt', now);
}
