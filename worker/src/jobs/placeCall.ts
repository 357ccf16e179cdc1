import { DelayedError, type Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { callsModule } from './callsModule';

/**
 * Places one queued call. While the account has no free pacing slot the job goes back to the
 * delayed set for the time the limiter names, without using up an attempt.
 */
export async function handlePlaceCall(job: Job<JobPayloads['placeCall']>, token?: string) {
  const { placeCall } = await callsModule();
  const result = await placeCall(job.data.callId);
  if (!result.placed && 'waitMs' in result) {
    await job.moveToDelayed(Date.now() + result.waitMs, token);
    throw new DelayedError();
  }
  return result;
}
