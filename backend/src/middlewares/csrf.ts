import type { Context, Middleware } from 'koa';
import { forbidden, unsupportedType } from '../errors';
import { isOwnOrigin } from '../lib/sameOrigin';

/** The methods that may change state: every other one passes the write guards by. */
export const STATE_CHANGING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const STATE_CHANGING = new Set<string>(STATE_CHANGING_METHODS);
/** The session-authenticated surfaces: the API and the admins' queue dashboard. */
const PROTECTED_PREFIXES = ['/api/', '/admin/queues'];

/** A request that may change state on a session-authenticated surface. */
export const isSessionWrite = (ctx: Context) =>
  STATE_CHANGING.has(ctx.method) && PROTECTED_PREFIXES.some((p) => ctx.path.startsWith(p));

/**
 * Cookie sessions need a cross-site request defence. Two checks: a browser's cross-site request
 * carries a foreign Origin, which we refuse (the socket handshake checks the same rule); and a
 * body must be JSON or multipart, which an HTML form on another site cannot send as JSON without
 * a CORS preflight we never grant. The session cookie is also SameSite=Lax. Webhooks are signed
 * instead and are not under /api.
 */
export const csrfProtection: Middleware = (ctx, next) => {
  if (!isSessionWrite(ctx)) return next();

  if (!isOwnOrigin(ctx.get('Origin') || undefined, `${ctx.protocol}://${ctx.host}`))
    throw forbidden('Cross-site request refused');

  const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || Boolean(ctx.get('Transfer-Encoding'));
  if (hasBody && !ctx.is('application/json', 'multipart/form-data')) {
    throw unsupportedType('Send the request body as JSON (Content-Type: application/json)');
  }
  return next();
};
