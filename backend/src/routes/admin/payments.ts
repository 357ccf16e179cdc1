import Router from '@koa/router';
import { adminListQuerySchema } from '@ringcast/shared-types';
import { requireAdmin } from '../../middlewares/auth';
import { validateQuery } from '../../middlewares/validate';
import { listPaymentsForAdmin } from '../../services/admin/payments';
import { presentAdminPayment } from '../../presenters/payment';
import { respondWithPage } from './respondWithPage';

export const adminPaymentsRouter = new Router({ prefix: '/api/admin/payments' });

adminPaymentsRouter.get('/', requireAdmin, async (ctx) => {
  const query = await validateQuery(ctx, adminListQuerySchema);
  respondWithPage(ctx, await listPaymentsForAdmin(query), presentAdminPayment);
});
