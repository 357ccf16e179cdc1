import { UnrecoverableError, type Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { scriptWritingModule } from './scriptWritingModule';

/** Writes one script for the api request waiting on this job; a refused request fails for good. */
export async function handleGenerateScript(job: Job<JobPayloads['generateScript']>) {
  const { isRefusedByOpenAI, writeScript } = await scriptWritingModule();
  try {
    return await writeScript(job.data);
  } catch (err) {
    if (isRefusedByOpenAI(err))
      throw new UnrecoverableError(`OpenAI refused the request: ${(err as Error).message}`);
    throw err;
  }
}
