import type { Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { deliverContactMessage, logger } from '@ringcast/backend';

export async function handleDeliverContactMessage(job: Job<JobPayloads['deliverContactMessage']>) {
  const outcome = await deliverContactMessage(job.data.contactMessageId);
  if (outcome === 'missing') logger.warn({ jobId: job.id }, 'contact message no longer exists');
  return outcome;
}
