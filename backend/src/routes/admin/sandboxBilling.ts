import Router from '@koa/router';
import { BILLING_MESSAGES, billingClockSchema, type BillingClockResponse } from '@ringcast/shared-types';
import { notFound } from '../../errors';
import { requireAdmin } from '../../middlewares/auth';
import { validateBody } from '../../middlewares/validate';
import { usesStripeSandbox } from '../../providers/stripe';
import { advanceBillingClock } from '../../services/billing/clock';

/** Sandbox mode only: advance a user's Stripe test clock, so months of billing run in seconds. */
export const adminSandboxBillingRouter = new Router({ prefix: '/api/admin/sandbox/billing-clock' });

adminSandboxBillingRouter.post('/', requireAdmin, async (ctx) => {
  if (!usesStripeSandbox()) throw notFound(BILLING_MESSAGES.clockSandboxOnly);
  const input = await validateBody(ctx, billingClockSchema);
  ctx.body = (await advanceBillingClock(input)) satisfies BillingClockResponse;
});
