import type { Middleware } from 'koa';
import { requestLogger } from '../logger';
import { recordRequest } from '../metrics';

/**
 * A balancer's or supervisor's probes, every few seconds from each: at info they would bury the
 * requests people and providers make. They keep their line at debug, and their time in the metrics.
 */
const PROBES = new Set(['/api/health', '/api/ready']);

/** One structured line per API request, and every request's answer time in the metrics. */
export const requestLog: Middleware = async (ctx, next) => {
  const started = performance.now();
  try {
    await next();
  } finally {
    recordRequest(ctx, performance.now() - started);
    if (ctx.path.startsWith('/api/') || ctx.path.startsWith('/webhooks/')) {
      requestLogger[PROBES.has(ctx.path) && ctx.status < 400 ? 'debug' : 'info'](
        {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  }
};
