import Router from '@koa/router';
import {
  CAMPAIGN_NOT_FOUND,
  alertRecipientsSchema,
  notificationSettingsSchema,
  unsubscribeSchema,
} from '@ringcast/shared-types';
import { currentUser, requireUser } from '../middlewares/auth';
import { idParam, validateBody, validateQuery } from '../middlewares/validate';
import {
  getAlertRecipients,
  getNotificationSettings,
  replaceAlertRecipients,
  unsubscribe,
  updateNotificationSettings,
} from '../services/notifications';

/** The mail a customer chooses to get, the unsubscribe links' target, and a campaign's extra alert addresses. */
export const notificationSettingsRouter = new Router();

notificationSettingsRouter.get('/api/notification-settings', requireUser, async (ctx) => {
  ctx.body = await getNotificationSettings(currentUser(ctx).id);
});

notificationSettingsRouter.put('/api/notification-settings', requireUser, async (ctx) => {
  const input = await validateBody(ctx, notificationSettingsSchema);
  ctx.body = await updateNotificationSettings(currentUser(ctx).id, input);
});

// No sign-in: the signed token is the proof (a mail read on a phone that is not signed in).
notificationSettingsRouter.post('/api/notification-settings/unsubscribe', async (ctx) => {
  const { token } = await validateBody(ctx, unsubscribeSchema);
  ctx.body = await unsubscribe(token);
});

/**
 * RFC 8058 one-click: a mail provider POSTs `List-Unsubscribe=One-Click` to the link in the
 * message's List-Unsubscribe header, the same /unsubscribe?token= address the page opens. It
 * comes from the provider's servers, not a browser session, so it sits outside /api.
 */
notificationSettingsRouter.post('/unsubscribe', async (ctx) => {
  const { token } = await validateQuery(ctx, unsubscribeSchema);
  ctx.body = await unsubscribe(token);
});

notificationSettingsRouter.get('/api/campaigns/:id/alert-recipients', requireUser, async (ctx) => {
  ctx.body = await getAlertRecipients(currentUser(ctx).id, idParam(ctx, 'id', CAMPAIGN_NOT_FOUND));
});

notificationSettingsRouter.put('/api/campaigns/:id/alert-recipients', requireUser, async (ctx) => {
  const campaignId = idParam(ctx, 'id', CAMPAIGN_NOT_FOUND);
  const input = await validateBody(ctx, alertRecipientsSchema);
  ctx.body = await replaceAlertRecipients(currentUser(ctx).id, campaignId, input);
});
