import Router from '@koa/router';
import { CAMPAIGN_NOT_FOUND, createCampaignSchema, updateCampaignSchema } from '@ringcast/shared-types';
import { clientAddress } from '../lib/clientAddress';
import { currentUser, requireUser } from '../middlewares/auth';
import { idParam, validateBody } from '../middlewares/validate';
import { presentCampaign } from '../presenters/campaign';
import { campaignResultsCsv } from '../presenters/campaignResultsCsv';
import { sendCsv } from '../presenters/csv';
import { createCampaign, deleteCampaign, listCampaigns, updateCampaign } from '../services/campaigns';

export const campaignsRouter = new Router({ prefix: '/api/campaigns' });

campaignsRouter.get('/', requireUser, async (ctx) => {
  const owner = currentUser(ctx);
  const campaigns = await listCampaigns(owner.id);
  ctx.body = campaigns.map((campaign) => presentCampaign(campaign, owner));
});

/** The owner's campaign results as a CSV file (what the cards show), to import into a CRM. */
campaignsRouter.get('/results.csv', requireUser, async (ctx) => {
  sendCsv(ctx, 'campaign-results.csv', campaignResultsCsv(await listCampaigns(currentUser(ctx).id)));
});

campaignsRouter.post('/', requireUser, async (ctx) => {
  const input = await validateBody(ctx, createCampaignSchema);
  const campaign = await createCampaign(
    { userId: currentUser(ctx).id, address: clientAddress(ctx.ip) },
    input,
  );
  ctx.status = 201;
  ctx.body = presentCampaign(campaign, currentUser(ctx));
});

campaignsRouter.put('/:id', requireUser, async (ctx) => {
  const id = idParam(ctx, 'id', CAMPAIGN_NOT_FOUND);
  const input = await validateBody(ctx, updateCampaignSchema);
  const campaign = await updateCampaign(
    { userId: currentUser(ctx).id, address: clientAddress(ctx.ip) },
    id,
    input,
  );
  ctx.body = presentCampaign(campaign, currentUser(ctx));
});

campaignsRouter.delete('/:id', requireUser, async (ctx) => {
  await deleteCampaign(currentUser(ctx).id, idParam(ctx, 'id', CAMPAIGN_NOT_FOUND));
  ctx.status = 204;
});
