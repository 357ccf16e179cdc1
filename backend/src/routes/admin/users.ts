import Router from '@koa/router';
import { adminListQuerySchema, adminUpdateUserSchema } from '@ringcast/shared-types';
import { currentUser, requireAdmin } from '../../middlewares/auth';
import { idParam, validateBody, validateQuery } from '../../middlewares/validate';
import { USER_NOT_FOUND, listUsersForAdmin, updateUserAsAdmin } from '../../services/admin/users';
import { presentAdminUser } from '../../presenters/adminUser';
import { respondWithPage } from './respondWithPage';

export const adminUsersRouter = new Router({ prefix: '/api/admin/users' });

adminUsersRouter.get('/', requireAdmin, async (ctx) => {
  const query = await validateQuery(ctx, adminListQuerySchema);
  respondWithPage(ctx, await listUsersForAdmin(query), presentAdminUser);
});

adminUsersRouter.put('/:userId', requireAdmin, async (ctx) => {
  const id = idParam(ctx, 'userId', USER_NOT_FOUND);
  const input = await validateBody(ctx, adminUpdateUserSchema);
  ctx.body = presentAdminUser(await updateUserAsAdmin(currentUser(ctx), id, input));
});
