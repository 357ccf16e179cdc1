import { UnrecoverableError, type Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { paymentsModule } from './paymentsModule';

/** A Stripe billing webhook event, applied once (invoices, subscriptions: the campaign's billing state). */
export async function handleApplyStripeEvent(job: Job<JobPayloads['applyStripeEvent']>) {
  const { applyStripeEvent, isRefusedByStripe } = await paymentsModule();
  try {
    return await applyStripeEvent(job.data);
  } catch (err) {
    if (isRefusedByStripe(err))
      throw new UnrecoverableError(`Stripe refused the request: ${(err as Error).message}`);
    throw err;
  }
}
