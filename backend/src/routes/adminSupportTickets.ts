import Router from '@koa/router';
import { updateSupportTicketSchema } from '@ringcast/shared-types';
import { requireAdmin } from '../middlewares/auth';
import { validateBody } from '../middlewares/validate';
import { listOpenTicketsForAdmin, updateSupportTicket } from '../services/supportTickets';
import { presentAdminSupportTicket, presentSupportTicket } from '../presenters/supportTicket';

export const adminSupportTicketsRouter = new Router();

adminSupportTicketsRouter.get('/api/admin/support-tickets', requireAdmin, async (ctx) => {
  const tickets = await listOpenTicketsForAdmin();
  ctx.body = tickets.map(presentAdminSupportTicket);
});

adminSupportTicketsRouter.put('/api/admin/support-tickets/:id', requireAdmin, async (ctx) => {
  const input = await validateBody(ctx, updateSupportTicketSchema);
  const ticket = await updateSupportTicket(ctx.params.id, input);
  ctx.body = presentSupportTicket(ticket);
});
