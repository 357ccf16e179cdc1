import Router from '@koa/router';
import type Stripe from 'stripe';
import type { Context } from 'koa';
import { config } from '../config';
import { badRequest } from '../errors';
import { logger } from '../logger';
import { stripe } from '../providers/stripe';
import { enqueue } from '../queues';
import { enqueueActivation } from '../services/payments/activationJobs';
import type { ProviderEdge } from '../middlewares/providerEdge';

/**
 * POST /webhooks/stripe. A verified event only queues work keyed by the provider's ids and is
 * answered at once; the jobs re-read the intent from Stripe, so nothing in the event body is trusted.
 */
const router = new Router();

/** The event, once its `Stripe-Signature` holds over the raw body. */
function verifiedEvent(ctx: Context, raw: Buffer): Stripe.Event {
  if (!config.stripeWebhookSecret) {
    logger.error('a Stripe webhook arrived but STRIPE_WEBHOOK_SECRET is not set; refusing it');
    throw badRequest('Stripe webhooks are not configured on this server');
  }
  const signature = ctx.get('Stripe-Signature');
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
    await enqueue('recordFailedPayment', { paymentIntentId, stripeEventId: event.id });
  }
}

router.post('/webhooks/stripe', async (ctx) => {
  const event = ctx.state.verified as Stripe.Event;
  await dispatch(event);
  logger.info({ eventId: event.id, type: event.type }, 'stripe webhook received');
  ctx.body = { received: true };
});

export const stripeWebhooks: ProviderEdge = {
  router,
  // Stripe's events are a few kilobytes; this leaves ample room.
  rawBodyLimitBytes: 512 * 1024,
  verify: verifiedEvent,
};
