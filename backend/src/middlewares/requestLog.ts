import type { Middleware } from 'koa';
import { requestLogger } from '../logger';
import { recordRequest } from '../metrics';

/** One structured line per API request, and every request's answer time in the metrics. */
export const requestLog: Middleware = async (ctx, next) => {
  const started = performance.now();
  try {
    await next();
  } finally {
    recordRequest(ctx, performance.now() - started);
    if (ctx.path.startsWith('/api/') || ctx.path.startsWith('/webhooks/')) {
      requestLogger.info(
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
