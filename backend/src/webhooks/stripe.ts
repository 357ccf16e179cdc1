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
 * answered at once; the jobs re-read the intent, invoice or subscription from Stripe, so nothing in
 * the event body is trusted.
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

/** The id of the event's object (in_..., sub_..., pi_...), which the jobs read again from Stripe. */
function objectIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as { id?: unknown };
  return typeof object.id === 'string' && /^[A-Za-z0-9_]{1,255}$/.test(object.id) ? object.id : null;
}

async function dispatch(event: Stripe.Event): Promise<void> {
  const objectId = objectIdOf(event);
  // Every event is recorded once by its id (stripe_events); the billing ones also change state.
  if (objectId && /^evt_[A-Za-z0-9_]{1,60}$/.test(event.id))
    await enqueue('applyStripeEvent', { stripeEventId: event.id, type: event.type, objectId });
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
