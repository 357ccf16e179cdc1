import type { Transaction } from 'sequelize';
import { sequelize } from '../../db/sequelize';
import type { CallRecord } from '../../db/models';

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
  const replacements: Record<string, unknown> = { ids: calls.map((call) => call.id), now };
  const sets = columns.map((column, c) => {
    const cases = calls.map((call, i) => {
      replacements[`v${c}_${i}`] = call.get(column);
      return `WHEN ${Number(call.id)} THEN :v${c}_${i}`;
    });
    return `\`${column}\` = CASE id ${cases.join(' ')} END`;
  });
  await sequelize.query(
    `UPDATE call_records SET ${[...sets, 'updatedAt = :now'].join(', ')} WHERE id IN (:ids)`,
    { replacements, transaction },
  );
  for (const call of calls) call.updatedAt = now;
}
