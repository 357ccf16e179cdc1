import type { Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { callsModule } from './callsModule';

export async function handleFetchCallPrice(job: Job<JobPayloads['fetchCallPrice']>) {
  const { fetchCallPrices } = await callsModule();
  // Only the last try looks, one by one, for calls the provider's list has not shown.
  const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  return fetchCallPrices(job.data.callIds, { lastAttempt });
}
