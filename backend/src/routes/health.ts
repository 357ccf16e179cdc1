import Router from '@koa/router';
import { readSystemHealth } from '../lib/health';
import { REDIS_RETRY_AFTER_SECONDS } from '../lib/redisOutage';

export const healthRouter = new Router();

/** For load balancers and start-up scripts: 200 when the api can reach MySQL and Redis. */
healthRouter.get('/api/health', async (ctx) => {
  const health = await readSystemHealth();
  ctx.set('Cache-Control', 'no-store');
  ctx.status = health.database && health.redis ? 200 : 503;
  if (ctx.status === 503) ctx.set('Retry-After', String(REDIS_RETRY_AFTER_SECONDS));
  ctx.body = { status: ctx.status === 200 ? 'ok' : 'degraded', ...health };
});
