import Router from '@koa/router';
import {
  activateCampaignSchema,
  applyCouponSchema,
  createPaymentIntentSchema,
  type ActivateCampaignResponse,
  type PaymentsConfig,
} from '@ringcast/shared-types';
import { config } from '../config';
import { currentUser, requireUser } from '../middlewares/auth';
import { validateBody } from '../middlewares/validate';
import { usesStripeSandbox } from '../providers/stripe';
import { activateForUser } from '../services/payments/activateForUser';
import { applyCoupon } from '../services/payments/applyCoupon';
import { rateLimit } from '../middlewares/rateLimit';
import { createCheckoutIntent } from '../services/payments/checkoutIntent';

export const paymentsRouter = new Router({ prefix: '/api' });

/** How the checkout page takes a card: Stripe.js with this key, or the sandbox card form. */
paymentsRouter.get('/payments/config', requireUser, (ctx) => {
  ctx.set('Cache-Control', 'no-store');
  const sandbox = usesStripeSandbox();
  ctx.body = {
    publishableKey: sandbox ? config.stripeSandbox.publishableKey : (config.stripePublishableKey ?? null),
    sandbox,
  } satisfies PaymentsConfig;
});

paymentsRouter.post('/create-payment-intent', requireUser, async (ctx) => {
  const input = await validateBody(ctx, createPaymentIntentSchema);
  ctx.body = await createCheckoutIntent(currentUser(ctx).id, input);
});

// Coupon codes are guessable.
paymentsRouter.post('/apply-coupon', requireUser, rateLimit('couponPerUser'), async (ctx) => {
  const input = await validateBody(ctx, applyCouponSchema);
  const userId = currentUser(ctx).id;
  ctx.body = await applyCoupon(userId, input);
});

paymentsRouter.post('/activate-campaign', requireUser, async (ctx) => {
  const { paymentIntentId } = await validateBody(ctx, activateCampaignSchema);
  ctx.body = {
    campaign: await activateForUser(currentUser(ctx).id, paymentIntentId),
  } satisfies ActivateCampaignResponse;
});
