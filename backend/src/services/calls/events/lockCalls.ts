import { QueryTypes, type Transaction } from 'sequelize';
import { sequelize } from '../../../db/sequelize';
import { CallRecord } from '../../../db/models';

/**
 * The calls, locked for the transaction in id order and read in one statement (the model's
 * instances, as findAll builds them). With `passHeld`, calls another transaction holds are passed
 * by rather than waited for, and named in `held` (a plain read tells them from calls that do not
 * exist).
 */
export async function lockCalls(
  ids: number[],
  transaction: Transaction,
  { passHeld = false } = {},
): Promise<{ calls: CallRecord[]; held: Set<number> }> {
  const calls = await sequelize.query<CallRecord>(
    `SELECT * FROM call_records WHERE id IN (:ids) ORDER BY id FOR UPDATE${passHeld ? ' SKIP LOCKED' : ''}`,
    { replacements: { ids }, model: CallRecord, mapToModel: true, transaction },
  );
  const held = new Set<number>();
  if (!passHeld) return { calls, held };
  const mine = new Set(calls.map((call) => call.id));
  const absent = ids.filter((id) => !mine.has(id));
  if (absent.length) {
    const existing = await sequelize.query<{ id: number }>(
      'SELECT id FROM call_records WHERE id IN (:absent)',
      {
        replacements: { absent },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    for (const row of existing) held.add(Number(row.id));
  }
  return { calls, held };
}
