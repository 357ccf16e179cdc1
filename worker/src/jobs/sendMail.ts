import { UnrecoverableError, type Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { isPermanentMailError, logger, sendMail } from '@ringcast/backend';

/** Sends one email; a server that refuses the message for good fails it at once, anything else is retried. */
export async function handleSendMail(job: Job<JobPayloads['sendMail']>) {
  try {
    const outcome = await sendMail(job.data);
    if (outcome === 'already') logger.info({ jobId: job.id }, 'email already sent');
    return outcome;
  } catch (err) {
    if (isPermanentMailError(err))
      throw new UnrecoverableError(`The mail server refused the message: ${(err as Error).message}`);
    throw err;
  }
}
