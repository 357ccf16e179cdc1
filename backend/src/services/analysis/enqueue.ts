import { enqueue } from '../../queues';

/**
 * Asks for the call's analysis once the agent's part of it is over (its transcript is complete):
 * one job per call, whoever asks and however often. The job itself passes over a call a machine
 * answered or one the agent never spoke on.
 */
export async function enqueueCallAnalysis(callId: number): Promise<void> {
  await enqueue('analyzeCall', { callId });
}
