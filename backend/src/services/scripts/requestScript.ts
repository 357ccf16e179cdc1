import {
  SCRIPT_GENERATION_FAILED,
  SCRIPT_GENERATION_TIMED_OUT,
  type GenerateScriptInput,
} from '@ringcast/shared-types';
import { enqueue, getQueueEvents } from '../../queues';
import { timedOut, upstreamFailed } from '../../errors';
import { logger } from '../../logger';
import { ownedDocumentIds } from '../agentDocuments';

/** How long the browser's request waits for the worker's answer. */
export const SCRIPT_TIMEOUT_MS = 30_000;

/**
 * Has the worker write one script and waits for it. The job carries the draft (it is not saved
 * yet) and the ids of the user's own documents among those the draft names.
 */
export async function requestScript(
  userId: number,
  input: GenerateScriptInput,
  { timeoutMs = SCRIPT_TIMEOUT_MS } = {},
): Promise<string> {
  const { agentDocuments, ...campaignData } = input.campaignData;
  const documentIds = await ownedDocumentIds(userId, agentDocuments ?? []);
  const job = await enqueue('generateScript', {
    userId,
    scriptType: input.scriptType,
    campaignData,
    documentIds,
  });
  try {
    const result = (await job.waitUntilFinished(await getQueueEvents('generateScript'), timeoutMs)) as {
      script?: unknown;
    };
    if (typeof result?.script === 'string' && result.script.trim()) return result.script.trim();
    throw new Error('The job finished without a script');
  } catch (err) {
    const state = await job.getState().catch(() => 'unknown');
    if (state === 'waiting' || state === 'active' || state === 'delayed' || state === 'prioritized') {
      // Still queued or running: drop it if it has not started, so a stalled worker builds no backlog.
      if (state !== 'active') await job.remove().catch(() => undefined);
      logger.warn({ jobId: job.id, state }, 'script generation timed out');
      throw timedOut(SCRIPT_GENERATION_TIMED_OUT);
    }
    logger.warn({ jobId: job.id, state, err: (err as Error).message }, 'script generation failed');
    throw upstreamFailed(SCRIPT_GENERATION_FAILED);
  }
}
