import Router from '@koa/router';
import { adminQualityQuerySchema } from '@ringcast/shared-types';
import { requireAdmin } from '../../middlewares/auth';
import { validateQuery } from '../../middlewares/validate';
import { adminQuality } from '../../services/admin/quality';

export const adminQualityRouter = new Router({ prefix: '/api/admin/quality' });

adminQualityRouter.get('/', requireAdmin, async (ctx) => {
  const { days } = await validateQuery(ctx, adminQualityQuerySchema);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await adminQuality(days);
});
