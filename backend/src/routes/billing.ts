import Router from '@koa/router';
import {
  billingPaymentMethodSchema,
  CAMPAIGN_NOT_FOUND,
  campaignPlanSchema,
  type BillingOverview,
  type SetupIntentResponse,
} from '@ringcast/shared-types';
import { currentUser, requireUser } from '../middlewares/auth';
import { idParam, validateBody } from '../middlewares/validate';
import { getBillingOverview } from '../services/billing/overview';
import { createSetupIntent, useConfirmedCard } from '../services/billing/paymentMethod';
import { cancelAtPeriodEnd, changePlan, resumeSubscription } from '../services/billing/planChange';

/** The owner's billing (/account's Billing section) and each campaign's plan. */
export const billingRouter = new Router({ prefix: '/api' });

billingRouter.get('/billing', requireUser, async (ctx) => {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = (await getBillingOverview(currentUser(ctx).id)) satisfies BillingOverview;
});

billingRouter.post('/billing/setup-intent', requireUser, async (ctx) => {
  ctx.body = (await createSetupIntent(currentUser(ctx).id)) satisfies SetupIntentResponse;
});

billingRouter.post('/billing/payment-method', requireUser, async (ctx) => {
  const { setupIntentId } = await validateBody(ctx, billingPaymentMethodSchema);
  ctx.body = (await useConfirmedCard(currentUser(ctx).id, setupIntentId)) satisfies BillingOverview;
});

billingRouter.put('/campaigns/:id/plan', requireUser, async (ctx) => {
  const id = idParam(ctx, 'id', CAMPAIGN_NOT_FOUND);
  const input = await validateBody(ctx, campaignPlanSchema);
  ctx.body = await changePlan(currentUser(ctx).id, id, input);
});

billingRouter.post('/campaigns/:id/cancel', requireUser, async (ctx) => {
  ctx.body = await cancelAtPeriodEnd(currentUser(ctx).id, idParam(ctx, 'id', CAMPAIGN_NOT_FOUND));
});

billingRouter.post('/campaigns/:id/resume', requireUser, async (ctx) => {
  ctx.body = await resumeSubscription(currentUser(ctx).id, idParam(ctx, 'id', CAMPAIGN_NOT_FOUND));
});
