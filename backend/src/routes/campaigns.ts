import Router from '@koa/router';
import { createCampaignSchema, updateCampaignSchema } from '@ringcast/shared-types';
import { currentUser, requireUser } from '../middlewares/auth';
import { validateBody } from '../middlewares/validate';
import { presentCampaign } from '../presenters/campaign';
import { createCampaign, deleteCampaign, listCampaigns, updateCampaign } from '../services/campaigns';

export const campaignsRouter = new Router({ prefix: '/api/campaigns' });

campaignsRouter.get('/', requireUser, async (ctx) => {
  const campaigns = await listCampaigns(currentUser(ctx).id);
  ctx.body = campaigns.map(presentCampaign);
});

campaignsRouter.post('/', requireUser, async (ctx) => {
  const input = await validateBody(ctx, createCampaignSchema);
  const campaign = await createCampaign(currentUser(ctx).id, input);
  ctx.status = 201;
  ctx.body = presentCampaign(campaign);
});

campaignsRouter.put('/:id', requireUser, async (ctx) => {
  const input = await validateBody(ctx, updateCampaignSchema);
  const campaign = await updateCampaign(currentUser(ctx).id, ctx.params.id, input);
  ctx.body = presentCampaign(campaign);
});

campaignsRouter.delete('/:id', requireUser, async (ctx) => {
  await deleteCampaign(currentUser(ctx).id, ctx.params.id);
  ctx.status = 204;
});
