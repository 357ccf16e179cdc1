import path from 'node:path';
import type { Transaction } from 'sequelize';
import { sequelize } from '../db/sequelize';
import { Prospect, ProspectList, ProspectSkippedRow } from '../db/models';
import { publish } from '../events/publish';
import { enqueue } from '../queues';
import { storage } from '../storage';
import { findOwned } from '../policies/ownership';
import { presentProspectList } from '../presenters/prospectList';
import { logger } from '../logger';
import type { SpreadsheetFormat } from './prospectImport/fileContent';
import { releaseProspectList } from './campaigns';
import { assertStorageQuota } from './storageQuota';

export const PROSPECT_LIST_NOT_FOUND = 'Prospect list not found';

/** Tells the owner's tabs and the admins; inside a transaction, only once it commits. */
export function publishProspectList(list: ProspectList, transaction?: Transaction): void {
  publish('prospectList:updated', presentProspectList(list), { userId: list.userId, transaction });
}

export function listProspectLists(userId: number): Promise<ProspectList[]> {
  return ProspectList.findAll({
    where: { userId },
    order: [['uploadedAt', 'DESC']],
  });
}

/** The name shown for an upload: the file's own name, without any folder or control characters. */
export function displayFileName(originalName: string, fallback = 'Prospect list'): string {
  const base = path.win32
    .basename(path.posix.basename(originalName))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return (base || fallback).slice(0, 255);
}

/** Keeps an uploaded file, creates its list in `processing` and queues the parse. */
export async function createProspectListFromUpload(input: {
  userId: number;
  originalName: string;
  tempPath: string;
  format: SpreadsheetFormat;
}): Promise<ProspectList> {
  const stored = await storage.moveIn('prospect-list', input.tempPath, `.${input.format}`);
  let list: ProspectList;
  try {
    list = await sequelize.transaction(async (transaction) => {
      await assertStorageQuota(input.userId, { bytes: stored.sizeBytes, prospectLists: 1 }, transaction);
      const created = await ProspectList.create(
        {
          userId: input.userId,
          name: displayFileName(input.originalName),
          storedFileName: stored.storedFileName,
        },
        { transaction },
      );
      publishProspectList(created, transaction);
      return created;
    });
  } catch (err) {
    await storage.remove('prospect-list', stored.storedFileName);
    throw err;
  }
  try {
    await enqueue('parseProspectList', { prospectListId: list.id });
  } catch (err) {
    await list.destroy();
    await storage.remove('prospect-list', stored.storedFileName);
    throw err;
  }
  return list;
}

/** The user's own list; someone else's or a missing id is a 404. */
export const findOwnProspectList = (userId: number, id: number) =>
  findOwned(ProspectList, id, userId, { message: PROSPECT_LIST_NOT_FOUND });

/**
 * Deletes the user's list with its prospects, then its file; refused while an active campaign
 * calls from it (see releaseProspectList).
 */
export async function deleteProspectList(userId: number, id: number): Promise<void> {
  const list = await findOwnProspectList(userId, id);
  await sequelize.transaction(async (transaction) => {
    await releaseProspectList(list.id, transaction);
    await Prospect.destroy({ where: { prospectListId: list.id }, transaction });
    await list.destroy({ transaction });
    publish('prospectList:deleted', { id: list.id }, { userId: list.userId, transaction });
  });
  await storage
    .remove('prospect-list', list.storedFileName)
    .catch((err) => logger.warn({ err, prospectListId: list.id }, 'could not delete a prospect list file'));
}

/**
 * Moves a list out of `processing` (to ready or failed) and announces it. Conditional, so a
 * retried job or a deleted list changes nothing: null then.
 */
export async function finishProspectList(
  id: number,
  outcome:
    | {
        status: 'ready';
        contactCount: number;
        doNotCallCount: number;
        skippedInvalidPhone: number;
        skippedDuplicate: number;
        headerCells: string[];
      }
    | { status: 'failed'; reason: string },
): Promise<ProspectList | null> {
  return sequelize.transaction(async (transaction) => {
    if (outcome.status === 'failed') {
      await Prospect.destroy({ where: { prospectListId: id }, transaction });
      await ProspectSkippedRow.destroy({ where: { prospectListId: id }, transaction });
    }
    const [updated] = await ProspectList.update(
      outcome.status === 'ready'
        ? {
            status: 'ready',
            contactCount: outcome.contactCount,
            doNotCallCount: outcome.doNotCallCount,
            skippedInvalidPhone: outcome.skippedInvalidPhone,
            skippedDuplicate: outcome.skippedDuplicate,
            headerCells: JSON.stringify(outcome.headerCells),
            failureReason: null,
          }
        : {
            status: 'failed',
            contactCount: 0,
            doNotCallCount: 0,
            skippedInvalidPhone: 0,
            skippedDuplicate: 0,
            failureReason: outcome.reason,
          },
      { where: { id, status: 'processing' }, transaction },
    );
    if (!updated) return null;
    const list = await ProspectList.findByPk(id, { transaction, rejectOnEmpty: true });
    publishProspectList(list, transaction);
    return list;
  });
}
