import Router from '@koa/router';
import { calcomConnectSchema, calcomEventTypesSchema } from '@ringcast/shared-types';
import { notFound } from '../errors';
import { currentUser, requireUser } from '../middlewares/auth';
import { rateLimit } from '../middlewares/rateLimit';
import { validateBody } from '../middlewares/validate';
import {
  calendarFeedFor,
  calendarFeedUrl,
  connectCalcom,
  disconnectCalcom,
  getCalcomConnection,
  listCalcomEventTypes,
  resetCalendarFeed,
} from '../services/calendar';

/** The owner's Cal.com connection (/account Integrations) and their private calendar feed. */
export const calendarRouter = new Router();

calendarRouter.get('/api/integrations/calcom', requireUser, async (ctx) => {
  ctx.body = await getCalcomConnection(currentUser(ctx).id);
});

// Each asks Cal.com: counted, so a key cannot be guessed through us at Cal.com's expense.
calendarRouter.post(
  '/api/integrations/calcom/event-types',
  requireUser,
  rateLimit('calcomCheckPerUser'),
  async (ctx) => {
    const { apiKey } = await validateBody(ctx, calcomEventTypesSchema);
    ctx.body = await listCalcomEventTypes(apiKey);
  },
);

calendarRouter.put('/api/integrations/calcom', requireUser, rateLimit('calcomCheckPerUser'), async (ctx) => {
  const input = await validateBody(ctx, calcomConnectSchema);
  ctx.body = await connectCalcom(currentUser(ctx).id, input);
});

calendarRouter.delete('/api/integrations/calcom', requireUser, async (ctx) => {
  await disconnectCalcom(currentUser(ctx).id);
  ctx.status = 204;
});

calendarRouter.get('/api/calendar-feed', requireUser, async (ctx) => {
  ctx.body = await calendarFeedUrl(currentUser(ctx).id);
});

calendarRouter.post('/api/calendar-feed/reset', requireUser, async (ctx) => {
  ctx.body = await resetCalendarFeed(currentUser(ctx).id);
});

/**
 * The feed itself: no session (a calendar app fetches it), the token in the path is the proof.
 * Unknown tokens answer 404 whatever their shape.
 */
calendarRouter.get('/calendar/:file', rateLimit('calendarFeedPerAddress'), async (ctx) => {
  const token = /^(.+)\.ics$/.exec(String(ctx.params.file))?.[1];
  const calendar = token ? await calendarFeedFor(token) : null;
  if (calendar === null)
    throw notFound('This calendar address is not known. Copy the current one from your account.');
  ctx.type = 'text/calendar; charset=utf-8';
  ctx.set('Cache-Control', 'private, max-age=300');
  ctx.set('Content-Disposition', 'inline; filename="ringcast-appointments.ics"');
  ctx.body = calendar;
});
