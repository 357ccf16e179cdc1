import type { Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { callsModule } from './callsModule';

export async function handleProvisionPhoneNumber(job: Job<JobPayloads['provisionPhoneNumber']>) {
  const { provisionPhoneNumber } = await callsModule();
  return provisionPhoneNumber(job.data.campaignId);
}
