import type { Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { callsModule } from './callsModule';

/**
 * Applies one provider event to its call (a state fetched by reconciliation), the way the call
 * events' consumers apply theirs; then, for an answered call that ended, asks for its price, and
 * for a machine that answered a live call, leaves the message or hangs up.
 */
export async function handleApplyCallEvent(job: Job<JobPayloads['applyCallEvent']>) {
  const { applyCallEvents, followUpAppliedEvents } = await callsModule();
  const result = await applyCallEvents([job.data]);
  await followUpAppliedEvents(result);
  return Object.entries(result.outcomes).find(([, count]) => count > 0)?.[0];
}
