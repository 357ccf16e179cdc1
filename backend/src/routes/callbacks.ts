import Router from '@koa/router';
import { CALLBACK_MESSAGES, CAMPAIGN_NOT_FOUND, callbackQuerySchema } from '@ringcast/shared-types';
import { Campaign } from '../db/models';
import { notFound } from '../errors';
import { currentUser, requireUser } from '../middlewares/auth';
import { idParam, validateQuery } from '../middlewares/validate';
import { isAdminUser } from '../policies/admin';
import { findOwned } from '../policies/ownership';
import { closeCallback, listCampaignCallbacks } from '../services/callbacks';

/** The call backs the agent promised: a campaign's list, and the owner stopping one. */
export const callbacksRouter = new Router({ prefix: '/api' });

callbacksRouter.get('/campaigns/:id/callbacks', requireUser, async (ctx) => {
  const { status } = await validateQuery(ctx, callbackQuerySchema);
  const user = currentUser(ctx);
  const id = idParam(ctx, 'id', CAMPAIGN_NOT_FOUND);
  // Admins read any campaign's; an owner only their own (another's answers as missing).
  const campaign = isAdminUser(user)
    ? await Campaign.findByPk(id)
    : await findOwned(Campaign, id, user.id, { message: CAMPAIGN_NOT_FOUND });
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  ctx.body = await listCampaignCallbacks(campaign.id, status);
});

callbacksRouter.post('/callbacks/:id/cancel', requireUser, async (ctx) => {
  ctx.body = await closeCallback(
    currentUser(ctx).id,
    idParam(ctx, 'id', CALLBACK_MESSAGES.notFound),
    'canceled',
  );
});

callbacksRouter.post('/callbacks/:id/handled', requireUser, async (ctx) => {
  ctx.body = await closeCallback(
    currentUser(ctx).id,
    idParam(ctx, 'id', CALLBACK_MESSAGES.notFound),
    'handled',
  );
});
