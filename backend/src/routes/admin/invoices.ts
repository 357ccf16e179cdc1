import Router from '@koa/router';
import { adminInvoiceQuerySchema } from '@ringcast/shared-types';
import { requireAdmin } from '../../middlewares/auth';
import { validateQuery } from '../../middlewares/validate';
import { listInvoicesForAdmin } from '../../services/admin/invoices';
import { presentAdminInvoice } from '../../presenters/invoice';
import { respondWithPage } from './respondWithPage';

export const adminInvoicesRouter = new Router({ prefix: '/api/admin/invoices' });

adminInvoicesRouter.get('/', requireAdmin, async (ctx) => {
  const query = await validateQuery(ctx, adminInvoiceQuerySchema);
  respondWithPage(ctx, await listInvoicesForAdmin(query), presentAdminInvoice);
});
