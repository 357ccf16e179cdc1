import Router from '@koa/router';
import { adminListQuerySchema, updateSupportTicketSchema } from '@ringcast/shared-types';
import { currentUser, requireAdmin } from '../../middlewares/auth';
import { validateBody, validateQuery } from '../../middlewares/validate';
import { listOpenTicketsForAdmin } from '../../services/admin/supportTickets';
import { updateSupportTicket } from '../../services/supportTickets';
import { presentAdminSupportTicket, presentSupportTicket } from '../../presenters/supportTicket';
import { respondWithPage } from './respondWithPage';

export const adminSupportTicketsRouter = new Router({ prefix: '/api/admin/support-tickets' });

adminSupportTicketsRouter.get('/', requireAdmin, async (ctx) => {
  const query = await validateQuery(ctx, adminListQuerySchema);
  respondWithPage(ctx, await listOpenTicketsForAdmin(query), presentAdminSupportTicket);
});

adminSupportTicketsRouter.put('/:id', requireAdmin, async (ctx) => {
  const input = await validateBody(ctx, updateSupportTicketSchema);
  ctx.body = presentSupportTicket(await updateSupportTicket(currentUser(ctx), ctx.params.id, input));
});
