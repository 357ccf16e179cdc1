import Router from '@koa/router';
import {
  adminListQuerySchema,
  updateCampaignStatsSchema,
  updateSetupFlagSchema,
  type UpdateSetupFlagInput,
} from '@ringcast/shared-types';
import { currentUser, requireAdmin } from '../../middlewares/auth';
import { validateBody, validateQuery } from '../../middlewares/validate';
import {
  listCampaignsForAdmin,
  updateCampaignSetupFlag,
  updateCampaignStats,
} from '../../services/admin/campaigns';
import { presentAdminCampaign } from '../../presenters/adminCampaign';
import { presentCampaign } from '../../presenters/campaign';
import { respondWithPage } from './respondWithPage';

export const adminCampaignsRouter = new Router({ prefix: '/api/admin/campaigns' });

adminCampaignsRouter.get('/', requireAdmin, async (ctx) => {
  const query = await validateQuery(ctx, adminListQuerySchema);
  respondWithPage(ctx, await listCampaignsForAdmin(query), presentAdminCampaign);
});

adminCampaignsRouter.put('/:campaignId/stats', requireAdmin, async (ctx) => {
  const input = await validateBody(ctx, updateCampaignStatsSchema);
  ctx.body = presentCampaign(await updateCampaignStats(currentUser(ctx), ctx.params.campaignId, input));
});

adminCampaignsRouter.put('/:campaignId/setup', requireAdmin, async (ctx) => {
  const input: UpdateSetupFlagInput = await validateBody(ctx, updateSetupFlagSchema);
  ctx.body = presentCampaign(await updateCampaignSetupFlag(currentUser(ctx), ctx.params.campaignId, input));
});
