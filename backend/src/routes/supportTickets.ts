import Router from '@koa/router';
import { createSupportTicketSchema } from '@ringcast/shared-types';
import { currentUser, requireUser } from '../middlewares/auth';
import { validateBody } from '../middlewares/validate';
import { rateLimit } from '../middlewares/rateLimit';
import { createSupportTicket, listUserTickets } from '../services/supportTickets';
import { presentSupportTicket } from '../presenters/supportTicket';

export const supportTicketsRouter = new Router();

supportTicketsRouter.get('/api/support-tickets', requireUser, async (ctx) => {
  const tickets = await listUserTickets(currentUser(ctx).id);
  ctx.body = tickets.map(presentSupportTicket);
});

supportTicketsRouter.post(
  '/api/support-tickets',
  requireUser,
  rateLimit('supportTicketPerUser', 'supportTicketPerAddress'),
  async (ctx) => {
    const input = await validateBody(ctx, createSupportTicketSchema);
    const ticket = await createSupportTicket(currentUser(ctx).id, input);
    ctx.status = 201;
    ctx.body = presentSupportTicket(ticket);
  },
);
