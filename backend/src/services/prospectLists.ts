import path from 'node:path';
import type { Transaction } from 'sequelize';
import { ADMINS_ROOM, userRoom } from '@ringcast/shared-types';
import { sequelize } from '../db/sequelize';
import { Prospect, ProspectList } from '../db/models';
import { publish } from '../events/publish';
import { enqueue } from '../queues';
import { storage } from '../storage';
import { findOwned } from '../policies/ownership';
import { presentProspectList } from '../presenters/prospectList';
import { logger } from '../logger';
import type { SpreadsheetFormat } from './prospectImport/fileContent';

export const PROSPECT_LIST_NOT_FOUND = 'Prospect list not found';

/** Tells the owner's tabs and the admins; inside a transaction, only once it commits. */
export function publishProspectList(list: ProspectList, transaction?: Transaction): void {
  publish([userRoom(list.userId), ADMINS_ROOM], 'prospectList:updated', presentProspectList(list), { transaction });
}

export function listProspectLists(userId: number): Promise<ProspectList[]> {
  return ProspectList.findAll({ where: { userId }, order: [['uploadedAt', 'DESC'], ['id', 'DESC']] });
}

/** The name shown for an upload: the file's own name, without any folder or control characters. */
export function displayFileName(originalName: string, fallback = 'Prospect list'): string {
  // eslint-disable-next-line no-control-regex
  const base = path.win32.basename(path.posix.basename(originalName)).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || fallback).slice(0, 255);
}

/**
 * Keeps an uploaded file, creates its list in `processing` and queues the parse. The job id is
 * per list, so the same list is never parsed twice at once.
 */
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
      const created = await ProspectList.create(
        { userId: input.userId, name: displayFileName(input.originalName), storedFileName: stored.storedFileName },
        { transaction },
      );
      // Re-read so the timestamps are the database's (whole seconds), as every later read shows them.
      await created.reload({ transaction });
      publishProspectList(created, transaction);
      return created;
    });
  } catch (err) {
    await storage.remove('prospect-list', stored.storedFileName);
    throw err;
  }
  try {
    await enqueue('parseProspectList', { prospectListId: list.id }, { jobId: parseJobId(list.id) });
  } catch (err) {
    await list.destroy();
    await storage.remove('prospect-list', stored.storedFileName);
    throw err;
  }
  return list;
}

/** One parse job per list: a duplicate enqueue is a no-op, and the job can be found by its list. */
export const parseJobId = (prospectListId: number) => `prospect-list-${prospectListId}`;

/** Deletes the user's list with its prospects, then its file. */
export async function deleteProspectList(userId: number, id: unknown): Promise<void> {
  const list = await findOwned(ProspectList, id, userId, { message: PROSPECT_LIST_NOT_FOUND });
  await sequelize.transaction(async (transaction) => {
    await Prospect.destroy({ where: { prospectListId: list.id }, transaction });
    await list.destroy({ transaction });
    publish([userRoom(list.userId), ADMINS_ROOM], 'prospectList:deleted', { id: list.id }, { transaction });
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
  outcome: { status: 'ready'; contactCount: number } | { status: 'failed'; reason: string },
): Promise<ProspectList | null> {
  return sequelize.transaction(async (transaction) => {
    if (outcome.status === 'failed') await Prospect.destroy({ where: { prospectListId: id }, transaction });
    const [updated] = await ProspectList.update(
      outcome.status === 'ready'
        ? { status: 'ready', contactCount: outcome.contactCount, failureReason: null }
        : { status: 'failed', contactCount: 0, failureReason: outcome.reason },
      { where: { id, status: 'processing' }, transaction },
    );
    if (!updated) return null;
    const list = await ProspectList.findByPk(id, { transaction, rejectOnEmpty: true });
    publishProspectList(list, transaction);
    return list;
  });
}
