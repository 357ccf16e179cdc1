import type { Context, Middleware } from 'koa';
import { ERROR_CODES, type ApiErrorBody } from '@ringcast/shared-types';
import { HttpError } from '../errors';
import { logger } from '../logger';
import { isRedisUnavailable, redisOutageAnswer } from '../lib/redisOutage';
import { databaseOutageAnswer, isDatabaseUnavailable } from '../lib/databaseOutage';

/** Errors thrown by koa-body and other libraries carry a status; give them our shape and a clear text. */
function fromLibraryError(err: {
  status?: number;
  statusCode?: number;
  type?: string;
  message?: string;
}): HttpError | undefined {
  const status = err.status ?? err.statusCode;
  if (!status || status < 400 || status >= 500) return undefined;
  if (status === 413) return new HttpError(413, 'Request body is too large', ERROR_CODES.tooLarge);
  if (status === 415) return new HttpError(415, 'Unsupported content type', ERROR_CODES.unsupportedType);
  if (status === 400 && /json/i.test(`${err.type ?? ''} ${err.message ?? ''}`)) {
    return new HttpError(400, 'Malformed JSON body', ERROR_CODES.invalid);
  }
  return new HttpError(status, err.message || 'Bad request', status === 400 ? ERROR_CODES.invalid : 'error');
}

/** A 503 with Retry-After while Redis or the database is out of reach: the client may try again shortly. */
function outageAnswer(raw: unknown, ctx: Context): HttpError | undefined {
  const service = isRedisUnavailable(raw) ? 'redis' : isDatabaseUnavailable(raw) ? 'database' : undefined;
  if (!service) return undefined;
  const { name, code } = raw as { name?: string; code?: string };
  logger.warn({ method: ctx.method, path: ctx.path, name, code }, `${service} unreachable: answered 503`);
  return service === 'redis' ? redisOutageAnswer() : databaseOutageAnswer();
}

/** The one place that turns a thrown error into `{ error, code, fields? }`; the process keeps serving. */
export const errorMiddleware: Middleware = async (ctx, next) => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
      ctx.status = 404;
      ctx.body = { error: 'Not found', code: ERROR_CODES.notFound } satisfies ApiErrorBody;
    }
  } catch (raw) {
    const err =
      raw instanceof HttpError
        ? raw
        : (outageAnswer(raw, ctx) ?? fromLibraryError(raw as Record<string, never>));
    if (err) {
      ctx.status = err.status;
      ctx.body = {
        error: err.message,
        code: err.code,
        ...(err.fields ? { fields: err.fields } : {}),
      } satisfies ApiErrorBody;
      if (err.headers) ctx.set(err.headers);
      return;
    }
    logger.error({ err: raw, method: ctx.method, path: ctx.path }, 'unhandled error');
    ctx.status = 500;
    ctx.body = {
      error: 'Something went wrong on our side. Please try again.',
      code: ERROR_CODES.internal,
    } satisfies ApiErrorBody;
  }
};

/** How a response fails when the browser went away first (a closed tab, a cancelled download). */
const CLIENT_WENT_AWAY = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * Koa's 'error' event: failures after the middleware chain, such as a file stream breaking while
 * it is sent. A browser leaving early is routine (a debug line, no stack trace); anything else is
 * logged as an error. Replaces Koa's default, which prints every one of them to stderr.
 */
export function logAppError(
  err: Error & { code?: string; status?: number; expose?: boolean },
  ctx?: Context,
) {
  if (err.code && CLIENT_WENT_AWAY.has(err.code)) {
    logger.debug({ code: err.code, path: ctx?.path }, 'client closed the response early');
    return;
  }
  if (err.status === 404 || err.expose) return;
  logger.error({ err, method: ctx?.method, path: ctx?.path }, 'response failed');
}
