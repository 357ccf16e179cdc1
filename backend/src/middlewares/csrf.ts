import type { Middleware } from 'koa';
import { config } from '../config';
import { forbidden, unsupportedType } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cookie sessions need a cross-site request defence. Two checks: a browser's cross-site request
 * carries a foreign Origin, which we refuse; and a body must be JSON or multipart, which an HTML
 * form on another site cannot send as JSON without a CORS preflight we never grant. The session
 * cookie is also SameSite=Lax. Webhooks are signed instead and are not under /api.
 */
export const csrfProtection: Middleware = (ctx, next) => {
  if (!STATE_CHANGING.has(ctx.method) || !ctx.path.startsWith('/api/')) return next();

  const origin = ctx.get('Origin');
  if (origin && origin !== 'null') {
    const allowed = new Set([config.publicUrl, `${ctx.protocol}://${ctx.host}`]);
    if (!allowed.has(origin)) throw forbidden('Cross-site request refused');
  } else if (origin === 'null') {
    throw forbidden('Cross-site request refused');
  }

  const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || Boolean(ctx.get('Transfer-Encoding'));
  if (hasBody && !ctx.is('application/json', 'multipart/form-data')) {
    throw unsupportedType('Send the request body as JSON (Content-Type: application/json)');
  }
  return next();
};
