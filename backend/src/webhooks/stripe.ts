import Router from '@koa/router';
import type Stripe from 'stripe';
import { config } from '../config';
import { badRequest } from '../errors';
import { logger } from '../logger';
import { readRawBody } from '../middlewares/rawBody';
import { stripe } from '../providers/stripe';
import { enqueue } from '../queues';
import { enqueueActivation } from '../services/payments/activationJobs';

/**
 * POST /webhooks/stripe. Mounted before the JSON body parser: the signature covers the raw bytes.
 * A verified event only queues work keyed by the provider's ids and is answered at once; the jobs
 * re-read the intent from Stripe, so nothing in the event body is trusted.
 */
export const stripeWebhookRouter = new Router();

/** Stripe's events are a few kilobytes; this leaves ample room. */
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

const RECORD_FAILURE_OPTIONS = { attempts: 5, backoff: { type: 'exponential', delay: 1000 } } as const;

function verifiedEvent(raw: Buffer, signature: string): Stripe.Event {
  if (!config.stripeWebhookSecret) {
    logger.error('a Stripe webhook arrived but STRIPE_WEBHOOK_SECRET is not set; refusing it');
    throw badRequest('Stripe webhooks are not configured on this server');
  }
  if (!signature) throw badRequest('Missing Stripe-Signature header');
  try {
    return stripe().webhooks.constructEvent(raw, signature, config.stripeWebhookSecret);
  } catch (err) {
    logger.warn({ err: (err as Error).message.split('\n')[0] }, 'stripe webhook signature refused');
    throw badRequest('Invalid Stripe signature');
  }
}

async function dispatch(event: Stripe.Event): Promise<void> {
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return;
  const paymentIntentId = event.data.object.id;
  if (!/^pi_[A-Za-z0-9_]+$/.test(paymentIntentId)) return;
  if (event.type === 'payment_intent.succeeded') {
    await enqueueActivation(paymentIntentId);
  } else {
    await enqueue(
      'recordFailedPayment',
      { paymentIntentId },
      { ...RECORD_FAILURE_OPTIONS, jobId: `failed-${paymentIntentId}-${event.id}` },
    );
  }
}

stripeWebhookRouter.post('/webhooks/stripe', async (ctx) => {
  const raw = await readRawBody(ctx, WEBHOOK_BODY_LIMIT_BYTES);
  const event = verifiedEvent(raw, ctx.get('Stripe-Signature'));
  await dispatch(event);
  logger.info({ eventId: event.id, type: event.type }, 'stripe webhook received');
  ctx.body = { received: true };
});
