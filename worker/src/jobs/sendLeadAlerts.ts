import { DelayedError, type Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { sendLeadAlerts } from '@ringcast/backend';

/**
 * A lead alert: mails the owner and the campaign's extra addresses once the call's summary is
 * written (or, past the wait, without it). While it waits the job goes back to the delayed set,
 * without using up an attempt.
 */
export async function handleSendLeadAlerts(job: Job<JobPayloads['sendLeadAlerts']>, token?: string) {
  const step = await sendLeadAlerts(job.data.callId);
  if (step.step === 'wait') {
    await job.moveToDelayed(step.untilMs, token);
    throw new DelayedError();
  }
  return step;
}
