import type { Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { callsModule } from './callsModule';

export async function handleVerifyTwilioSetup(job: Job<JobPayloads['verifyTwilioSetup']>) {
  const { verifyTwilioSetup } = await callsModule();
  return verifyTwilioSetup(job.data.campaignId);
}
