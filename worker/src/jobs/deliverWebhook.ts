import type { Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { attemptDelivery } from '@ringcast/backend';

/** One attempt of a webhook event at an endpoint; a failure schedules the next attempt itself. */
export async function handleDeliverWebhook(job: Job<JobPayloads['deliverWebhook']>) {
  const { eventId, endpointId, attempt } = job.data;
  return (await attemptDelivery(eventId, endpointId, attempt)).result;
}
