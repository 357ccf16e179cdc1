import { UnrecoverableError, type Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { logger } from '@ringcast/backend';
import { paymentsModule } from './paymentsModule';

/**
 * Activates the campaign a PaymentIntent paid for and answers the ActivationResult to whoever
 * waits (the browser's activate-campaign call). Stripe outages are retried with backoff; a
 * request Stripe refuses (bad key, say) fails for good.
 */
export async function handleActivateCampaign(job: Job<JobPayloads['activateCampaign']>) {
  const { paymentIntentId } = job.data;
  const { activateCampaignPayment, isRefusedByStripe } = await paymentsModule();
  try {
    const result = await activateCampaignPayment(paymentIntentId);
    // 'processing' turns into succeeded or failed shortly: look again after the backoff.
    if (result.outcome === 'not_succeeded' && result.status === 'processing') {
      throw new Error(`PaymentIntent ${paymentIntentId} is still processing`);
    }
    if (result.outcome !== 'activated' && result.outcome !== 'already_activated') {
      logger.info({ jobId: job.id, paymentIntentId, result }, 'campaign not activated');
    }
    return result;
  } catch (err) {
    if (isRefusedByStripe(err))
      throw new UnrecoverableError(`Stripe refused the request: ${(err as Error).message}`);
    throw err;
  }
}
