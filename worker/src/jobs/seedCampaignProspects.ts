import type { Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { callsModule } from './callsModule';

export async function handleSeedCampaignProspects(job: Job<JobPayloads['seedCampaignProspects']>) {
  const { seedCampaignProspects } = await callsModule();
  return seedCampaignProspects(job.data.campaignId);
}
