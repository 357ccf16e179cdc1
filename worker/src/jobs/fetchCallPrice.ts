import type { Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { callsModule } from './callsModule';

export async function handleFetchCallPrice(job: Job<JobPayloads['fetchCallPrice']>) {
  const { fetchCallPrices } = await callsModule();
  return fetchCallPrices(job.data.callIds);
}
