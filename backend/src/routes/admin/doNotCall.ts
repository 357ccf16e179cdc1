import Router from '@koa/router';
import { currentUser, requireAdmin } from '../../middlewares/auth';
import { mountDoNotCallRoutes } from '../doNotCallRoutes';

/** The platform-wide do-not-call list the admins keep; every change is audited. */
export const adminDoNotCallRouter = new Router({ prefix: '/api/admin/do-not-call' });

mountDoNotCallRoutes(adminDoNotCallRouter, requireAdmin, (ctx) => ({
  platform: true,
  actor: currentUser(ctx),
}));
