import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { logger } from '../logger';

/** An error in Cal.com's v2 shape: `{ status: "error", timestamp, path, error: { code, message } }`. */
export class CalcomSandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new CalcomSandboxError(400, 'BadRequestException', message);
export const notFound = (message: string) => new CalcomSandboxError(404, 'NotFoundException', message);

export const calcomErrors: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    const error =
      err instanceof CalcomSandboxError
        ? err
        : new CalcomSandboxError(500, 'InternalServerErrorException', 'Internal server error');
    if (!(err instanceof CalcomSandboxError)) logger.error({ err, path: ctx.path }, 'cal.com sandbox error');
    ctx.status = error.status;
    ctx.body = {
      status: 'error',
      timestamp: new Date().toISOString(),
      path: ctx.path.replace('/sandbox/calcom', ''),
      error: { code: error.code, message: error.message },
    };
  }
};

/** Keys the sandbox accepts, as Cal.com's own test and live keys start `cal_` and `cal_live_`. */
export const SANDBOX_KEY_PREFIX = 'cal_sandbox_';

export interface CalcomSandboxState {
  /** The account: a hash of the key, so each key has bookings of its own and the key is never stored. */
  account: string;
  /** `_down`: slots and bookings answer 503 (an outage); `_slow`: they never answer (a timeout). */
  trouble: 'down' | 'slow' | null;
}

/** The sandbox account a key opens. */
export const accountOf = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 24);

export const stateOf = (ctx: Context) => ctx.state.calcomSandbox as CalcomSandboxState;

/** `Authorization: Bearer cal_sandbox_...`; anything else is refused as Cal.com refuses a bad key. */
export const authenticate: Middleware = async (ctx, next) => {
  const key = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'))?.[1];
  if (!key) throw new CalcomSandboxError(401, 'UnauthorizedException', 'No Authorization header provided');
  if (!key.startsWith(SANDBOX_KEY_PREFIX) || key.length > 200)
    throw new CalcomSandboxError(401, 'UnauthorizedException', 'Invalid API Key');
  ctx.state.calcomSandbox = {
    account: accountOf(key),
    trouble: key.endsWith('_down') ? 'down' : key.endsWith('_slow') ? 'slow' : null,
  } satisfies CalcomSandboxState;
  return next();
};

/**
 * The `cal-api-version` an endpoint's shapes belong to. Cal.com answers an older shape without it;
 * the sandbox serves only the version Ringcast uses, and says so rather than answer another shape.
 */
export const apiVersion =
  (version: string): Middleware =>
  (ctx, next) => {
    if (ctx.get('cal-api-version') !== version)
      throw badRequest(`The Cal.com sandbox serves ${ctx.path} with the header cal-api-version: ${version}`);
    return next();
  };

/** An outage for a key ending `_down` or `_slow`, on the endpoints a live call uses. */
export const troubleOf: Middleware = async (ctx, next) => {
  const { trouble } = stateOf(ctx);
  if (trouble === 'down')
    throw new CalcomSandboxError(503, 'ServiceUnavailableException', 'Service temporarily unavailable');
  if (trouble === 'slow') {
    // Held until the caller gives up (or a minute passes), as a stalled Cal.com would be.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 60_000);
      ctx.res.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    throw new CalcomSandboxError(504, 'GatewayTimeoutException', 'Gateway timeout');
  }
  return next();
};

export const success = (ctx: Context, data: unknown, status = 200, extra: object = {}) => {
  ctx.status = status;
  ctx.body = { status: 'success', data, ...extra };
};
