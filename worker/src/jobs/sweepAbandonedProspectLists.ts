import type { Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { failAbandonedProspectLists, logger } from '@ringcast/backend';

/**
 * Marks failed the prospect lists whose parse job died (scheduled every few minutes). Marking a
 * list failed is conditional, so a sweep that overlaps another changes each list once.
 */
export async function handleSweepAbandonedProspectLists(
  job: Job<JobPayloads['sweepAbandonedProspectLists']>,
) {
  const failed = await failAbandonedProspectLists();
  if (failed.length)
    logger.warn({ jobId: job.id, prospectListIds: failed }, 'abandoned prospect lists marked failed');
  return { failed };
}
