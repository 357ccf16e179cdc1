import Router from '@koa/router';
import { currentUser, requireUser } from '../middlewares/auth';
import { mountDoNotCallRoutes } from './doNotCallRoutes';

/** The customer's own do-not-call list. */
export const doNotCallRouter = new Router({ prefix: '/api/do-not-call' });

mountDoNotCallRoutes(doNotCallRouter, requireUser, (ctx) => ({ userId: currentUser(ctx).id }));
