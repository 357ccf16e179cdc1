import Router from '@koa/router';
import { auditLogQuerySchema } from '@ringcast/shared-types';
import { requireAdmin } from '../../middlewares/auth';
import { validateQuery } from '../../middlewares/validate';
import { listAuditLog } from '../../services/auditLog';
import { presentAuditLog } from '../../presenters/auditLog';
import { respondWithPage } from './respondWithPage';

export const adminAuditLogRouter = new Router({ prefix: '/api/admin/audit-log' });

adminAuditLogRouter.get('/', requireAdmin, async (ctx) => {
  const query = await validateQuery(ctx, auditLogQuerySchema);
  respondWithPage(ctx, await listAuditLog(query), presentAuditLog);
});
