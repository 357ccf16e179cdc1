import Router from '@koa/router';
import { analyticsQuerySchema, CAMPAIGN_NOT_FOUND } from '@ringcast/shared-types';
import { Campaign } from '../db/models';
import { notFound } from '../errors';
import { currentUser, requireUser } from '../middlewares/auth';
import { idParam, validateQuery } from '../middlewares/validate';
import { isAdminUser } from '../policies/admin';
import { findOwned } from '../policies/ownership';
import { analyticsRange, campaignAnalytics } from '../services/analytics/campaignAnalytics';

/** A campaign's Analytics tab: its owner's, or any campaign for an admin. */
export const analyticsRouter = new Router({ prefix: '/api' });

analyticsRouter.get('/campaigns/:id/analytics', requireUser, async (ctx) => {
  const query = await validateQuery(ctx, analyticsQuerySchema);
  const id = idParam(ctx, 'id', CAMPAIGN_NOT_FOUND);
  const user = currentUser(ctx);
  const campaign = isAdminUser(user)
    ? await Campaign.findByPk(id, { attributes: ['id'] })
    : await findOwned(Campaign, id, user.id, { message: CAMPAIGN_NOT_FOUND });
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  ctx.body = await campaignAnalytics(campaign.id, analyticsRange(query));
});
