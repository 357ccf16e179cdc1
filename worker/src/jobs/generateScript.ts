import { UnrecoverableError, type Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';

/** Writes one script for the api request waiting on this job; a refused request fails for good. */
export async function handleGenerateScript(job: Job<JobPayloads['generateScript']>) {
  // Loaded with the first script job: a worker that never writes one does not carry the OpenAI SDK.
  const { isRefusedByOpenAI, writeScript } = await import('@ringcast/backend/scriptWriting');
  try {
    return await writeScript(job.data);
  } catch (err) {
    if (isRefusedByOpenAI(err))
      throw new UnrecoverableError(`OpenAI refused the request: ${(err as Error).message}`);
    throw err;
  }
}
