import Router from '@koa/router';
import {
  CALL_NOT_FOUND,
  CAMPAIGN_NOT_FOUND,
  callActivityQuerySchema,
  recordingFileName,
  recordingQuerySchema,
  RECORDING_NOT_FOUND,
  callListQuerySchema,
  campaignProspectQuerySchema,
  testCampaignSchema,
} from '@ringcast/shared-types';
import { Campaign } from '../db/models';
import { currentUser, requireUser } from '../middlewares/auth';
import { idParam, validateBody, validateQuery } from '../middlewares/validate';
import { findOwned } from '../policies/ownership';
import { presentCampaign } from '../presenters/campaign';
import { presentCampaignProspect } from '../presenters/campaignProspect';
import {
  campaignProspectCounts,
  listCampaignProspects,
  campaignCallActivity,
  listCampaignCalls,
  presentLoggedCall,
  streamCampaignCallsCsv,
  campaignWithDialing,
} from '../services/calls/read';
import { placeTestCall } from '../services/calls/place';
import { callDetailFor } from '../services/agent/callDetail';
import { callRecordingAudio, deleteCallRecording } from '../services/recordings';
import { respondWithPage } from './admin/respondWithPage';

/** The campaign page: the campaign with its dialing state, its prospects, its calls, their activity and export. */
export const callsRouter = new Router({ prefix: '/api' });

const ownCampaign = (userId: number, id: number) =>
  findOwned(Campaign, id, userId, { message: CAMPAIGN_NOT_FOUND });

callsRouter.get('/campaigns/:id', requireUser, async (ctx) => {
  const id = idParam(ctx, 'id', CAMPAIGN_NOT_FOUND);
  const { campaign, dialing } = (await campaignWithDialing((transaction) =>
    findOwned(Campaign, id, currentUser(ctx).id, { message: CAMPAIGN_NOT_FOUND, transaction }),
  ))!;
  ctx.body = { ...presentCampaign(campaign, currentUser(ctx)), dialing };
});

callsRouter.get('/campaigns/:id/calls', requireUser, async (ctx) => {
  const query = await validateQuery(ctx, callListQuerySchema);
  const campaign = await ownCampaign(currentUser(ctx).id, idParam(ctx, 'id', CAMPAIGN_NOT_FOUND));
  respondWithPage(ctx, await listCampaignCalls(campaign.id, query), presentLoggedCall);
});

callsRouter.get('/campaigns/:id/prospects', requireUser, async (ctx) => {
  const query = await validateQuery(ctx, campaignProspectQuerySchema);
  const campaign = await ownCampaign(currentUser(ctx).id, idParam(ctx, 'id', CAMPAIGN_NOT_FOUND));
  respondWithPage(ctx, await listCampaignProspects(campaign, query), presentCampaignProspect);
});

callsRouter.get('/campaigns/:id/prospect-states', requireUser, async (ctx) => {
  const campaign = await ownCampaign(currentUser(ctx).id, idParam(ctx, 'id', CAMPAIGN_NOT_FOUND));
  ctx.body = await campaignProspectCounts(campaign.id);
});

callsRouter.get('/campaigns/:id/calls.csv', requireUser, async (ctx) => {
  const query = await validateQuery(ctx, callListQuerySchema);
  const campaign = await ownCampaign(currentUser(ctx).id, idParam(ctx, 'id', CAMPAIGN_NOT_FOUND));
  // Its filters are read first: one it refuses is answered as a 400, not as the file.
  const csv = await streamCampaignCallsCsv(campaign.id, query);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="campaign-${campaign.id}-calls.csv"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = csv;
});

callsRouter.get('/campaigns/:id/call-activity', requireUser, async (ctx) => {
  const { range } = await validateQuery(ctx, callActivityQuerySchema);
  const campaign = await ownCampaign(currentUser(ctx).id, idParam(ctx, 'id', CAMPAIGN_NOT_FOUND));
  ctx.body = await campaignCallActivity(campaign.id, range);
});

callsRouter.get('/calls/:id', requireUser, async (ctx) => {
  ctx.body = await callDetailFor(currentUser(ctx), idParam(ctx, 'id', CALL_NOT_FOUND));
});

/**
 * A call's recording, streamed from Twilio through us (never Twilio's URL), to its owner or an
 * admin: one byte range when asked (206), so the player can seek; `download=1` saves it as a file.
 */
callsRouter.get('/calls/:id/recording', requireUser, async (ctx) => {
  const { download } = await validateQuery(ctx, recordingQuerySchema);
  const id = idParam(ctx, 'id', RECORDING_NOT_FOUND);
  const media = await callRecordingAudio(currentUser(ctx), id, ctx.get('Range') || undefined);
  ctx.status = media.status;
  ctx.set({ ...media.headers, 'Accept-Ranges': 'bytes', 'Cache-Control': 'private, no-store' });
  if (download === '1') ctx.attachment(recordingFileName(id));
  ctx.type = 'audio/wav';
  if (media.body) ctx.body = media.body;
  if (media.headers['content-length']) ctx.length = Number(media.headers['content-length']);
});

/** Removes a call's recording, at Twilio and ours (owner or admin); a second time: 404. */
callsRouter.delete('/calls/:id/recording', requireUser, async (ctx) => {
  await deleteCallRecording(currentUser(ctx), idParam(ctx, 'id', RECORDING_NOT_FOUND));
  ctx.status = 204;
});

callsRouter.post('/test-campaign', requireUser, async (ctx) => {
  const input = await validateBody(ctx, testCampaignSchema);
  ctx.body = await placeTestCall(currentUser(ctx).id, input);
});
