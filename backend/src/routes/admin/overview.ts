import Router from '@koa/router';
import { requireAdmin } from '../../middlewares/auth';
import { adminOverview } from '../../services/admin/overview';

export const adminOverviewRouter = new Router({ prefix: '/api/admin/overview' });

adminOverviewRouter.get('/', requireAdmin, async (ctx) => {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await adminOverview();
});
