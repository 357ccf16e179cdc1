import type { Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { sendDueLeadDigests } from '@ringcast/backend';

/** The lead digest run (scheduled): yesterday's leads to each user whose clock shows 8 o'clock. */
export async function handleSendLeadDigests(_job: Job<JobPayloads['sendLeadDigests']>) {
  return sendDueLeadDigests();
}
