import type { Job } from 'bullmq';
import { PAYMENT_MESSAGES } from '@ringcast/shared-types';
import { enqueue, findJob, getQueueEvents } from '../../queues';
import { timedOut, upstreamFailed } from '../../errors';
import { logger } from '../../logger';
import { isSettledActivation, type ActivationResult } from './activateCampaignPayment';

/** How long the browser's activate-campaign call waits for the worker. */
export const ACTIVATION_TIMEOUT_MS = 20_000;

/**
 * Queues the activation of an intent, or joins the run already queued (one job id per intent, so
 * the browser's call and the webhook share a run; the job table keeps finished runs for a week,
 * so a later call gets the stored result). A finished run is kept only while its answer still holds: one that found the payment not (yet) succeeded, or that
 * failed, is dropped so this call runs again (the payment may have gone through since).
 */
export async function enqueueActivation(paymentIntentId: string): Promise<Job> {
  const previous = await findJob('activateCampaign', { paymentIntentId });
  if (previous) {
    const state = await previous.getState();
    const stale =
      state === 'failed' ||
      (state === 'completed' && !isSettledActivation(previous.returnvalue as ActivationResult));
    if (stale)
      await previous
        .remove()
        .catch((err: Error) =>
          logger.warn({ jobId: previous.id, err: err.message }, 'could not drop a stale activation'),
        );
  }
  return enqueue('activateCampaign', { paymentIntentId });
}

/** Runs (or joins) the activation and waits for its result. */
export async function runActivation(
  paymentIntentId: string,
  { timeoutMs = ACTIVATION_TIMEOUT_MS } = {},
): Promise<ActivationResult> {
  const job = await enqueueActivation(paymentIntentId);
  try {
    return (await job.waitUntilFinished(
      await getQueueEvents('activateCampaign'),
      timeoutMs,
    )) as ActivationResult;
  } catch (err) {
    const state = await job.getState().catch(() => 'unknown');
    logger.warn({ jobId: job.id, state, err: (err as Error).message }, 'campaign activation did not answer');
    // Still queued or retrying: it keeps going (the webhook may finish it too); only the wait ends.
    if (state === 'waiting' || state === 'active' || state === 'delayed' || state === 'prioritized') {
      throw timedOut(PAYMENT_MESSAGES.activationSlow);
    }
    throw upstreamFailed(PAYMENT_MESSAGES.activationFailed);
  }
}
