import type { Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { logger, runCancelCalendarBooking } from '@ringcast/backend';

/** Cancels a canceled appointment's booking in the owner's Cal.com; Cal.com's outages are retried. */
export async function handleCancelCalendarBooking(job: Job<JobPayloads['cancelCalendarBooking']>) {
  const outcome = await runCancelCalendarBooking(job.data.appointmentId);
  if (outcome === 'not_connected' || outcome === 'refused')
    logger.warn({ jobId: job.id, outcome }, 'a calendar booking was left in place');
  return outcome;
}
