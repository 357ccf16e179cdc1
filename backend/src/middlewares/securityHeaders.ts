import type { Middleware } from 'koa';

import { isServerPath } from './serverPaths';

/**
 * nosniff on every response. Framing and referrer rules only mean something for documents, so
 * API answers skip them (every header is validated and written on each response). A plain
 * function returning next(): no promise of its own per request.
 */
export const securityHeaders: Middleware = (ctx, next) => {
  ctx.set('X-Content-Type-Options', 'nosniff');
  if (!isServerPath(ctx.path)) {
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('X-Frame-Options', 'DENY');
  }
  return next();
};
