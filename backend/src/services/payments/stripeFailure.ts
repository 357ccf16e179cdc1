import Stripe from 'stripe';
import { HttpError, upstreamFailed } from '../../errors';
import { logger } from '../../logger';

/**
 * Our own refusals (404, 409, ...) pass through; anything Stripe did wrong, or refused, becomes a
 * 502 with a message the checkout page can show, and is logged with Stripe's details.
 */
export function asPaymentError(err: unknown, message: string): Error {
  if (err instanceof HttpError) return err;
  if (err instanceof Stripe.errors.StripeError) {
    logger.error(
      { type: err.type, code: err.code, status: err.statusCode, requestId: err.requestId, err: err.message },
      'stripe call failed',
    );
  } else {
    logger.error({ err }, 'payment step failed');
  }
  return upstreamFailed(message);
}

export const isMissingCustomer = (err: unknown) =>
  err instanceof Stripe.errors.StripeError && err.code === 'resource_missing' && err.param === 'customer';
