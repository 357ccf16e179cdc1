import type { Context, Middleware } from 'koa';
import { RATE_LIMITS, type RateLimitName } from '../lib/limits';
import { consumeRateLimits } from '../lib/rateLimit';
import { clientAddress } from '../lib/clientAddress';
import type { AuthState } from './auth';

/** What a rule counts this request against: the client address, the signed-in user, or everyone. */
function subjectOf(ctx: Context, name: RateLimitName): string | number | undefined {
  switch (RATE_LIMITS[name].scope) {
    case 'address':
      return clientAddress(ctx.ip);
    case 'user':
      return (ctx.state as AuthState).user?.id;
    case 'email':
      // Only the service reading the body knows the email; it counts these itself.
      return undefined;
    case 'total':
      return 'all';
  }
}

/**
 * Counts the request against each named limit (lib/limits.ts) before the route does its work; past
 * one, 429 with Retry-After. A per-user limit skips a signed-out request (its route refuses those).
 */
export function rateLimit(...names: RateLimitName[]): Middleware {
  return async (ctx, next) => {
    const uses = names.flatMap((name) => {
      const subject = subjectOf(ctx, name);
      return subject === undefined ? [] : [{ name, subject }];
    });
    try {
      await consumeRateLimits(uses);
    } catch (err) {
      // An upload refused before it is read: drain it, so the client gets to read the answer.
      ctx.req.resume();
      throw err;
    }
    return next();
  };
}
