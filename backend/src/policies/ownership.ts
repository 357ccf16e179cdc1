import type { Model, ModelStatic, Transaction, WhereOptions } from 'sequelize';
import { notFound } from '../errors';

/**
 * Loads a record only if it belongs to the user. Someone else's id answers exactly like a missing
 * one (404), so ids reveal nothing about other accounts.
 */
export async function findOwned<M extends Model & { userId: number }>(
  model: ModelStatic<M>,
  id: unknown,
  userId: number,
  options: { transaction?: Transaction; lock?: boolean; message?: string } = {},
): Promise<M> {
  const numericId = Number(id);
  const record = Number.isSafeInteger(numericId) && numericId > 0
    ? await model.findOne({
        where: { id: numericId, userId } as WhereOptions,
        transaction: options.transaction,
        lock: options.lock,
      })
    : null;
  if (!record) throw notFound(options.message ?? 'Not found');
  return record;
}
