import { UnrecoverableError, type Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { PROSPECT_FILE_PROBLEMS, failProspectList, logger, parseProspectList } from '@ringcast/backend';

/**
 * Parses an uploaded prospect file. A file that can never parse fails the job without retries;
 * anything else (the database, say) is retried, and the last attempt marks the list failed so it
 * does not stay "processing" for ever.
 */
export async function handleParseProspectList(job: Job<JobPayloads['parseProspectList']>) {
  const { prospectListId } = job.data;
  let result;
  try {
    result = await parseProspectList(prospectListId);
  } catch (err) {
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (lastAttempt) await failProspectList(prospectListId, PROSPECT_FILE_PROBLEMS.gaveUp);
    throw err;
  }
  if (result.outcome === 'failed') throw new UnrecoverableError(result.reason);
  if (result.outcome === 'skipped')
    logger.info({ jobId: job.id, prospectListId, why: result.why }, 'prospect list parse skipped');
  return result;
}
