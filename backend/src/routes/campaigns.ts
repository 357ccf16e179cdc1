import Router from '@koa/router';
import {
  AGENT_EDIT_ERRORS,
  CAMPAIGN_NOT_FOUND,
  createCampaignSchema,
  updateCampaignSchema,
} from '@ringcast/shared-types';
import { clientAddress } from '../lib/clientAddress';
import { currentUser, requireUser } from '../middlewares/auth';
import { idParam, validateBody } from '../middlewares/validate';
import { presentCampaign } from '../presenters/campaign';
import { campaignResultsCsv } from '../presenters/campaignResultsCsv';
import { sendCsv } from '../presenters/csv';
import { listAgentVersions } from '../services/agentVersions';
import {
  createCampaign,
  deleteCampaign,
  listCampaigns,
  restoreAgentVersion,
  updateCampaign,
} from '../services/campaigns';

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
    { userId: currentUser(ctx).id, address: clientAddress(ctx.ip), email: currentUser(ctx).email },
    id,
    input,
  );
  ctx.body = presentCampaign(campaign, currentUser(ctx));
});

campaignsRouter.delete('/:id', requireUser, async (ctx) => {
  await deleteCampaign(currentUser(ctx).id, idParam(ctx, 'id', CAMPAIGN_NOT_FOUND));
  ctx.status = 204;
});

/** The versions of a launched campaign's agent, newest first (DESIGN decision 10). */
campaignsRouter.get('/:id/versions', requireUser, async (ctx) => {
  const id = idParam(ctx, 'id', CAMPAIGN_NOT_FOUND);
  ctx.body = await listAgentVersions(currentUser(ctx).id, id);
});

/** Makes an earlier version the agent again, as a new version; answers the campaign. */
campaignsRouter.post('/:id/versions/:version/restore', requireUser, async (ctx) => {
  const id = idParam(ctx, 'id', CAMPAIGN_NOT_FOUND);
  const version = idParam(ctx, 'version', AGENT_EDIT_ERRORS.versionNotFound);
  const owner = currentUser(ctx);
  const campaign = await restoreAgentVersion(
    { userId: owner.id, address: clientAddress(ctx.ip), email: owner.email },
    id,
    version,
  );
  ctx.body = presentCampaign(campaign, owner);
});
