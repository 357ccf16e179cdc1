import Router from '@koa/router';
import type { Context } from 'koa';
import { APPOINTMENT_MESSAGES, appointmentQuerySchema } from '@ringcast/shared-types';
import { currentUser, requireUser } from '../middlewares/auth';
import { idParam, validateQuery } from '../middlewares/validate';
import { isAdminUser } from '../policies/admin';
import { cancelAppointment, listAppointments, shownAppointment } from '../services/appointments';

/** Appointments the agent booked: the owner's (an admin sees and cancels everyone's). */
export const appointmentsRouter = new Router({ prefix: '/api/appointments' });

/** Who is asking, with the admin rule checked on this request (flag and email domain). */
const viewerOf = (ctx: Context) => {
  const user = currentUser(ctx);
  return { userId: user.id, isAdmin: isAdminUser(user) };
};

appointmentsRouter.get('/', requireUser, async (ctx) => {
  const query = await validateQuery(ctx, appointmentQuerySchema);
  ctx.body = await listAppointments(viewerOf(ctx), query);
});

appointmentsRouter.post('/:id/cancel', requireUser, async (ctx) => {
  const id = idParam(ctx, 'id', APPOINTMENT_MESSAGES.notFound);
  ctx.body = await shownAppointment(await cancelAppointment(viewerOf(ctx), id));
});
