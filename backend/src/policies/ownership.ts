import type { Model, ModelStatic, Transaction, WhereOptions } from 'sequelize';
import { notFound } from '../errors';

/**
 * Loads a record only if it belongs to the user. Someone else's id answers exactly like a missing
 * one (404), so ids reveal nothing about other accounts.
 */
export async function findOwned<M extends Model & { userId: number }>(
  model: ModelStatic<M>,
  id: number,
  userId: number,
  options: { transaction?: Transaction; lock?: boolean; message?: string } = {},
): Promise<M> {
  const record = await model.findOne({
    where: { id, userId } as WhereOptions,
    transaction: options.transaction,
    lock: options.lock,
  });
  if (!record) throw notFound(options.message ?? 'Not found');
  return record;
}
