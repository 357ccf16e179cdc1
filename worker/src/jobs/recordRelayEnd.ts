import type { Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { callsModule } from './callsModule';

/** A relay's end the webhook could not store while a batch held its call: stored now, waiting for it. */
export async function handleRecordRelayEnd(job: Job<JobPayloads['recordRelayEnd']>) {
  const { recordRelayEnd } = await callsModule();
  const { callId, handoffData, sessionSeconds } = job.data;
  return recordRelayEnd(callId, { handoffData, sessionSeconds });
}
