import { DelayedError, type Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { emitCallWebhooks } from '@ringcast/backend';

/**
 * A settled call's webhook events, written once its summary is (or, past the wait, without it).
 * While it waits the job goes back to the delayed set, without using up an attempt.
 */
export async function handleEmitCallWebhooks(job: Job<JobPayloads['emitCallWebhooks']>, token?: string) {
  const step = await emitCallWebhooks(job.data.callId);
  if (step.step === 'wait') {
    await job.moveToDelayed(step.untilMs, token);
    throw new DelayedError();
  }
  return step;
}
