import type { Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { scriptWritingModule } from './scriptWritingModule';

/**
 * Analyses a finished conversation (fields, sentiment, goal). A model out of reach is retried;
 * on the last attempt, or when OpenAI refuses the request itself, the call's analysis is stored
 * as failed (with its quality figures) instead of being left unanalysed.
 */
export async function handleAnalyzeCall(job: Job<JobPayloads['analyzeCall']>) {
  const { analyzeCall } = await scriptWritingModule();
  const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  return analyzeCall(job.data.callId, { lastAttempt });
}
