import type { Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { enqueue } from '@ringcast/backend';
import { callsModule } from './callsModule';

/**
 * Applies a provider event to its call; then, for an answered call that ended, asks for its price,
 * and for a machine that answered a live call, leaves the message or hangs up.
 */
export async function handleApplyCallEvent(job: Job<JobPayloads['applyCallEvent']>) {
  const { applyCallEvent } = await callsModule();
  const applied = await applyCallEvent(job.data);
  const callId = job.data.callId;
  if (applied.ended && applied.call?.status === 'completed' && applied.call.providerCallSid) {
    await enqueue('fetchCallPrice', { callId });
  }
  if (applied.machineAnswered) await enqueue('answerMachine', { callId });
  return applied.outcome;
}
