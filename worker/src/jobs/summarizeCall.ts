import { UnrecoverableError, type Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { scriptWritingModule } from './scriptWritingModule';

/** Writes a finished call's summary; a request OpenAI refuses fails for good. */
export async function handleSummarizeCall(job: Job<JobPayloads['summarizeCall']>) {
  const { isRefusedByOpenAI, summarizeCall } = await scriptWritingModule();
  try {
    return await summarizeCall(job.data.callId);
  } catch (err) {
    if (isRefusedByOpenAI(err))
      throw new UnrecoverableError(`OpenAI refused the request: ${(err as Error).message}`);
    throw err;
  }
}
