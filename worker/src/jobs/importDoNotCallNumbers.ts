import { UnrecoverableError, type Job } from 'bullmq';
import { DO_NOT_CALL_IMPORT_GAVE_UP, type JobPayloads } from '@ringcast/shared-types';
import { failDoNotCallImport, logger, runDoNotCallImport } from '@ringcast/backend';

/**
 * Adds an uploaded do-not-call file's numbers. An import that stopped for good (the cap, a file
 * that cannot be read) fails the job without retries; anything else (the database, say) is retried
 * from the import's stored progress, and the last attempt marks the import failed so it does not
 * stay "processing" for ever.
 */
export async function handleImportDoNotCallNumbers(job: Job<JobPayloads['importDoNotCallNumbers']>) {
  const { importId } = job.data;
  let result;
  try {
    result = await runDoNotCallImport(importId);
  } catch (err) {
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (lastAttempt) await failDoNotCallImport(importId, DO_NOT_CALL_IMPORT_GAVE_UP);
    throw err;
  }
  if (result.outcome === 'failed') throw new UnrecoverableError('The do-not-call import stopped');
  if (result.outcome === 'skipped')
    logger.info({ jobId: job.id, importId, why: result.why }, 'do-not-call import skipped');
  return result;
}
