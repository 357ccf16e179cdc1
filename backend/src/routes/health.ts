import Router from '@koa/router';
import { readReadiness } from '../lib/health';
import { DRAINING_RETRY_AFTER_SECONDS, isDraining } from '../lib/draining';
import { REDIS_RETRY_AFTER_SECONDS } from '../lib/redisOutage';

export const healthRouter = new Router();

/**
 * Liveness: 200 while the process runs its event loop, whatever the database or Redis do (a
 * supervisor restarts a process that fails it, which would not bring either back).
 */
healthRouter.get('/api/health', (ctx) => {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { status: 'ok', draining: isDraining(), uptimeSeconds: Math.round(process.uptime()) };
});

/**
 * Readiness, for load balancers and health checks: 200 while the api can serve new work (database
 * and Redis answer, not draining), else 503 with Retry-After: traffic goes to another api meanwhile.
 */
healthRouter.get('/api/ready', async (ctx) => {
  const { ready, ...checks } = await readReadiness();
  ctx.set('Cache-Control', 'no-store');
  if (!ready)
    ctx.set(
      'Retry-After',
      String(checks.draining ? DRAINING_RETRY_AFTER_SECONDS : REDIS_RETRY_AFTER_SECONDS),
    );
  ctx.status = ready ? 200 : 503;
  ctx.body = { status: ready ? 'ready' : 'not ready', ...checks };
});
