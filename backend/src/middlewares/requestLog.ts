import type { Middleware } from 'koa';
import { requestLogger } from '../logger';

/** One structured line per API request. */
export const requestLog: Middleware = async (ctx, next) => {
  const started = performance.now();
  try {
    await next();
  } finally {
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
