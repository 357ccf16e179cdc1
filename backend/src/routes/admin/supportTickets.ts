import Router from '@koa/router';
import { adminListQuerySchema, updateSupportTicketSchema } from '@ringcast/shared-types';
import { currentUser, requireAdmin } from '../../middlewares/auth';
import { idParam, validateBody, validateQuery } from '../../middlewares/validate';
import { listOpenTicketsForAdmin } from '../../services/admin/supportTickets';
import { SUPPORT_TICKET_NOT_FOUND, updateSupportTicket } from '../../services/supportTickets';
import { presentAdminSupportTicket, presentSupportTicket } from '../../presenters/supportTicket';
import { respondWithPage } from './respondWithPage';

export const adminSupportTicketsRouter = new Router({ prefix: '/api/admin/support-tickets' });

adminSupportTicketsRouter.get('/', requireAdmin, async (ctx) => {
  const query = await validateQuery(ctx, adminListQuerySchema);
  respondWithPage(ctx, await listOpenTicketsForAdmin(query), presentAdminSupportTicket);
});

adminSupportTicketsRouter.put('/:id', requireAdmin, async (ctx) => {
  const id = idParam(ctx, 'id', SUPPORT_TICKET_NOT_FOUND);
  const input = await validateBody(ctx, updateSupportTicketSchema);
  ctx.body = presentSupportTicket(await updateSupportTicket(currentUser(ctx), id, input));
});
