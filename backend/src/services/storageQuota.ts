import type { Transaction } from 'sequelize';
import { AgentDocument, ProspectList, User } from '../db/models';
import { overQuota } from '../errors';
import { STORAGE_QUOTA } from '../lib/limits';
import { storage } from '../storage';

/** What one account keeps: its prospect lists and the bytes of their files and of its documents. */
export async function storedByUser(
  userId: number,
  transaction?: Transaction,
): Promise<{ bytes: number; prospectLists: number }> {
  const [lists, documentBytes] = await Promise.all([
    ProspectList.findAll({ where: { userId }, attributes: ['storedFileName'], transaction }),
    AgentDocument.sum('sizeBytes', { where: { userId }, transaction }),
  ]);
  const listBytes = await Promise.all(
    lists.map((list) => storage.sizeOf('prospect-list', list.storedFileName)),
  );
  return {
    bytes: listBytes.reduce((sum, size) => sum + size, 0) + (Number(documentBytes) || 0),
    prospectLists: lists.length,
  };
}

/**
 * Refuses an upload that would take the account past its quota (lib/limits.ts). Called inside the
 * transaction that records the upload: the user's row is locked, so two uploads at once are
 * counted one after the other.
 */
export async function assertStorageQuota(
  userId: number,
  adding: { bytes: number; prospectLists: number },
  transaction: Transaction,
): Promise<void> {
  await User.findByPk(userId, { attributes: ['id'], lock: transaction.LOCK.UPDATE, transaction });
  const stored = await storedByUser(userId, transaction);
  if (adding.prospectLists && stored.prospectLists + adding.prospectLists > STORAGE_QUOTA.prospectLists)
    throw overQuota(409, STORAGE_QUOTA.listsMessage());
  if (stored.bytes + adding.bytes > STORAGE_QUOTA.bytes) throw overQuota(413, STORAGE_QUOTA.bytesMessage());
}
