import { UnrecoverableError, type Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { paymentsModule } from './paymentsModule';

/** Records a failed charge for the admins' Payments tab (webhook `payment_intent.payment_failed`). */
export async function handleRecordFailedPayment(job: Job<JobPayloads['recordFailedPayment']>) {
  const { isRefusedByStripe, recordFailedPayment } = await paymentsModule();
  try {
    return await recordFailedPayment(job.data.paymentIntentId);
  } catch (err) {
    if (isRefusedByStripe(err))
      throw new UnrecoverableError(`Stripe refused the request: ${(err as Error).message}`);
    throw err;
  }
}
