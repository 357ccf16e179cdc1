import { Op } from 'sequelize';
import { ProspectList } from '../../db/models';
import { findJob } from '../../queues';
import { failProspectList } from './parseProspectList';
import { PROSPECT_FILE_PROBLEMS } from './messages';

/** A parse of the largest file allowed takes well under a minute; this leaves room for a backlog. */
export const ABANDONED_AFTER_MS = 15 * 60_000;

const STILL_GOING = new Set(['active', 'waiting', 'delayed', 'prioritized', 'waiting-children']);

/**
 * Lists left "processing" whose parse job is no longer going anywhere: removed, failed for good,
 * or finished without finishing the list (a worker killed mid-parse more often than BullMQ
 * retries a stalled job, say). They are marked failed with a message, so nobody waits for ever.
 * Answers the ids it failed.
 */
export async function failAbandonedProspectLists(olderThanMs = ABANDONED_AFTER_MS): Promise<number[]> {
  const stale = await ProspectList.findAll({
    where: { status: 'processing', updatedAt: { [Op.lt]: new Date(Date.now() - olderThanMs) } },
    attributes: ['id'],
  });
  const failed: number[] = [];
  for (const { id } of stale) {
    const job = await findJob('parseProspectList', { prospectListId: id });
    if (job && STILL_GOING.has(await job.getState())) continue;
    await failProspectList(id, PROSPECT_FILE_PROBLEMS.gaveUp);
    failed.push(id);
  }
  return failed;
}
