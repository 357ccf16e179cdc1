import Router from '@koa/router';
import { readSystemHealth } from '../lib/health';

export const healthRouter = new Router();

/** For load balancers and start-up scripts: 200 when the api can reach MySQL and Redis. */
healthRouter.get('/api/health', async (ctx) => {
  const health = await readSystemHealth();
  ctx.set('Cache-Control', 'no-store');
  ctx.status = health.database && health.redis ? 200 : 503;
  ctx.body = { status: ctx.status === 200 ? 'ok' : 'degraded', ...health };
});
