import Router from '@koa/router';
import { adminListQuerySchema, adminUpdateUserSchema } from '@ringcast/shared-types';
import { currentUser, requireAdmin } from '../../middlewares/auth';
import { validateBody, validateQuery } from '../../middlewares/validate';
import { listUsersForAdmin, updateUserAsAdmin } from '../../services/admin/users';
import { presentAdminUser } from '../../presenters/adminUser';
import { respondWithPage } from './respondWithPage';

export const adminUsersRouter = new Router({ prefix: '/api/admin/users' });

adminUsersRouter.get('/', requireAdmin, async (ctx) => {
  const query = await validateQuery(ctx, adminListQuerySchema);
  respondWithPage(ctx, await listUsersForAdmin(query), presentAdminUser);
});

adminUsersRouter.put('/:userId', requireAdmin, async (ctx) => {
  const input = await validateBody(ctx, adminUpdateUserSchema);
  ctx.body = presentAdminUser(await updateUserAsAdmin(currentUser(ctx), ctx.params.userId, input));
});
