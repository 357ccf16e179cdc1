import type { Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { callsModule } from './callsModule';

export async function handleAnswerMachine(job: Job<JobPayloads['answerMachine']>) {
  const { answerMachine } = await callsModule();
  return answerMachine(job.data.callId);
}
