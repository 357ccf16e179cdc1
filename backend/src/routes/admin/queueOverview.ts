import Router from '@koa/router';
import { requireAdmin } from '../../middlewares/auth';
import { queueOverview } from '../../services/admin/queueOverview';

/** The Queues tab's figures. Not /admin/queues: that prefix is the queue dashboard's (bull-board). */
export const adminQueueOverviewRouter = new Router({ prefix: '/api/admin/queues' });

adminQueueOverviewRouter.get('/', requireAdmin, async (ctx) => {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await queueOverview();
});
