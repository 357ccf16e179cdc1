import type { Job, JobsOptions } from 'bullmq';
import { enqueue, getQueue, getQueueEvents } from '../../queues';
import { timedOut, upstreamFailed } from '../../errors';
import { logger } from '../../logger';
import { isSettledActivation, type ActivationResult } from './activateCampaignPayment';
import { PAYMENT_MESSAGES } from './messages';

/** How long the browser's activate-campaign call waits for the worker. */
export const ACTIVATION_TIMEOUT_MS = 20_000;

/**
 * One jobId per intent, so the browser's call and the webhook share a run. Finished runs are kept
 * for a week: a later call with the same id gets the stored result instead of a new run.
 */
export const activationJobId = (paymentIntentId: string) => `activate-${paymentIntentId}`;

const ACTIVATION_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
  removeOnFail: { age: 30 * 24 * 3600, count: 10_000 },
};

/**
 * Queues the activation of an intent, or joins the run already queued. A finished run is kept
 * only while its answer still holds: one that found the payment not (yet) succeeded, or that
 * failed, is dropped so this call runs again (the payment may have gone through since).
 */
export async function enqueueActivation(paymentIntentId: string): Promise<Job> {
  const jobId = activationJobId(paymentIntentId);
  const previous = await getQueue('activateCampaign').getJob(jobId);
  if (previous) {
    const state = await previous.getState();
    const stale =
      state === 'failed' ||
      (state === 'completed' && !isSettledActivation(previous.returnvalue as ActivationResult));
    if (stale)
      await previous
        .remove()
        .catch((err: Error) => logger.warn({ jobId, err: err.message }, 'could not drop a stale activation'));
  }
  return enqueue('activateCampaign', { paymentIntentId }, { ...ACTIVATION_JOB_OPTIONS, jobId });
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
