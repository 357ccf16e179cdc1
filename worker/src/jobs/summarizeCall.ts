import { UnrecoverableError, type Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';

/** Writes a finished call's summary; a request OpenAI refuses fails for good. */
export async function handleSummarizeCall(job: Job<JobPayloads['summarizeCall']>) {
  // Loaded with the first OpenAI job, like scripts: a worker that never runs one does not carry the SDK.
  const { isRefusedByOpenAI, summarizeCall } = await import('@ringcast/backend/scriptWriting');
  try {
    return await summarizeCall(job.data.callId);
  } catch (err) {
    if (isRefusedByOpenAI(err))
      throw new UnrecoverableError(`OpenAI refused the request: ${(err as Error).message}`);
    throw err;
  }
}
