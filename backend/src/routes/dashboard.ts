import Router from '@koa/router';
import { dashboardQuerySchema } from '@ringcast/shared-types';
import { currentUser, requireUser } from '../middlewares/auth';
import { validateQuery } from '../middlewares/validate';
import { dashboardStats } from '../services/dashboard';

export const dashboardRouter = new Router();

dashboardRouter.get('/api/dashboard', requireUser, async (ctx) => {
  const { days } = await validateQuery(ctx, dashboardQuerySchema);
  ctx.body = await dashboardStats(currentUser(ctx).id, days);
});
