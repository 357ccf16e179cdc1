import Router from '@koa/router';
import {
  adminListQuerySchema,
  CAMPAIGN_NOT_FOUND,
  callListQuerySchema,
  updateCampaignStatsSchema,
  updateSetupFlagSchema,
  type UpdateSetupFlagInput,
} from '@ringcast/shared-types';
import { currentUser, requireAdmin } from '../../middlewares/auth';
import { idParam, validateBody, validateQuery } from '../../middlewares/validate';
import {
  listCampaignsForAdmin,
  updateCampaignSetupFlag,
  updateCampaignStats,
} from '../../services/admin/campaigns';
import { presentAdminCampaign } from '../../presenters/adminCampaign';
import { presentCampaign } from '../../presenters/campaign';
import { respondWithPage } from './respondWithPage';
import { PROSPECT_FILE_UPLOAD } from '../../services/prospectImport/uploadRule';
import { receiveFileUpload, receivedFile } from '../../middlewares/fileUpload';
import { checkProspectFileContent } from '../../services/prospectImport/uploadCheck';
import { attachPurchasedList } from '../../services/admin/purchasedList';
import { presentProspectList } from '../../presenters/prospectList';
import { listCampaignCalls, presentLoggedCall } from '../../services/calls/read';
import { Campaign } from '../../db/models';
import { notFound } from '../../errors';
import { findCurrentUser } from '../../lib/userCache';

export const adminCampaignsRouter = new Router({ prefix: '/api/admin/campaigns' });

/** A campaign as changed by the team, its caller ID with the owner's own number when it uses theirs. */
const presentWithOwner = async (campaign: Campaign) =>
  presentCampaign(campaign, await findCurrentUser(campaign.userId));

adminCampaignsRouter.get('/', requireAdmin, async (ctx) => {
  const query = await validateQuery(ctx, adminListQuerySchema);
  respondWithPage(ctx, await listCampaignsForAdmin(query), presentAdminCampaign);
});

adminCampaignsRouter.put('/:campaignId/stats', requireAdmin, async (ctx) => {
  const id = idParam(ctx, 'campaignId', CAMPAIGN_NOT_FOUND);
  const input = await validateBody(ctx, updateCampaignStatsSchema);
  ctx.body = await presentWithOwner(await updateCampaignStats(currentUser(ctx), id, input));
});

adminCampaignsRouter.put('/:campaignId/setup', requireAdmin, async (ctx) => {
  const id = idParam(ctx, 'campaignId', CAMPAIGN_NOT_FOUND);
  const input: UpdateSetupFlagInput = await validateBody(ctx, updateSetupFlagSchema);
  ctx.body = await presentWithOwner(await updateCampaignSetupFlag(currentUser(ctx), id, input));
});

adminCampaignsRouter.get('/:campaignId/calls', requireAdmin, async (ctx) => {
  const id = idParam(ctx, 'campaignId', CAMPAIGN_NOT_FOUND);
  const query = await validateQuery(ctx, callListQuerySchema);
  const campaign = await Campaign.findByPk(id, { attributes: ['id'] });
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  respondWithPage(ctx, await listCampaignCalls(campaign.id, query), presentLoggedCall);
});

/** A purchased list, supplied by the team: same formats and checks as the customer's own upload. */
adminCampaignsRouter.post(
  '/:campaignId/prospect-list',
  requireAdmin,
  receiveFileUpload(PROSPECT_FILE_UPLOAD),
  async (ctx) => {
    const upload = receivedFile(ctx);
    const format = await checkProspectFileContent(upload);
    const { campaign, list } = await attachPurchasedList(
      currentUser(ctx),
      idParam(ctx, 'campaignId', CAMPAIGN_NOT_FOUND),
      {
        originalName: upload.originalName,
        tempPath: upload.tempPath,
        format,
      },
    );
    ctx.status = 201;
    ctx.body = { campaign: await presentWithOwner(campaign), prospectList: presentProspectList(list) };
  },
);
