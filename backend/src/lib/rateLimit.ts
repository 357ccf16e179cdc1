import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { config } from '../config';
import { redisKey, sharedRedis, type RedisClient } from '../redis';
import { tooManyAttempts } from '../errors';
import { RATE_LIMITS, waitText, type RateLimitName, type RateLimitRule } from './limits';

/**
 * Counters in Redis (rate-limiter-flexible: an atomic increment-and-expire per key), so every api
 * process shares them. A limiter, and its keys, belong to a name and its numbers: changed numbers
 * (a new release, or a test lowering them through config) start fresh counts.
 */
const limiters = new Map<string, { client: RedisClient; limiter: RateLimiterRedis }>();

export function limiterFor(name: string, points: number, windowSeconds: number): RateLimiterRedis {
  const id = `${name}:${points}:${windowSeconds}`;
  const client = sharedRedis();
  let cached = limiters.get(id);
  // A server closed and started again in one process has a new shared connection.
  if (cached?.client !== client) {
    const limiter = new RateLimiterRedis({
      storeClient: client,
      keyPrefix: redisKey('rate', name, `${points}-per-${windowSeconds}s`),
      points,
      duration: windowSeconds,
    });
    cached = { client, limiter };
    limiters.set(id, cached);
  }
  return cached.limiter;
}

/**
 * The allowance of a rule now: per-address and deployment-wide ones are scaled by RATE_LIMIT_SCALE
 * (many clients may share an address); an account's or an email's is one person's.
 */
export function allowance(name: RateLimitName): number {
  const rule: RateLimitRule = RATE_LIMITS[name];
  if (rule.scope === 'user' || rule.scope === 'email') return rule.points;
  return Math.max(1, Math.floor(rule.points * config.rateLimitScale));
}

const limiterOf = (name: RateLimitName) => limiterFor(name, allowance(name), RATE_LIMITS[name].windowSeconds);

export const retryAfterSeconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** A refusal by rate-limiter-flexible (a RateLimiterRes), as opposed to a Redis failure. */
export const isRefusal = (err: unknown): err is RateLimiterRes => err instanceof RateLimiterRes;

export interface RateLimitUse {
  name: RateLimitName;
  /** The address, the user id, or anything for a deployment-wide limit. */
  subject: string | number;
}

/**
 * Counts one request against each limit at once. When any refuses, the others give their point
 * back (a refused request costs nothing) and the refusal with the longest wait answers 429.
 */
export async function consumeRateLimits(uses: RateLimitUse[]): Promise<void> {
  const results = await Promise.allSettled(
    uses.map((use) => limiterOf(use.name).consume(String(use.subject))),
  );
  const refused = results.flatMap((result, i) =>
    result.status === 'rejected' ? [{ i, reason: result.reason }] : [],
  );
  if (!refused.length) return;
  await giveBack(uses.filter((_, i) => results[i].status === 'fulfilled'));
  const failure = refused.find(({ reason }) => !isRefusal(reason));
  if (failure) throw failure.reason;
  const longest = refused.reduce((a, b) =>
    (b.reason as RateLimiterRes).msBeforeNext > (a.reason as RateLimiterRes).msBeforeNext ? b : a,
  );
  const wait = retryAfterSeconds(longest.reason as RateLimiterRes);
  throw tooManyAttempts(RATE_LIMITS[uses[longest.i].name].message(waitText(wait)), wait);
}

/** Returns one point to each limit, e.g. when what it counted turned out not to need counting. */
export async function giveBack(uses: RateLimitUse[]): Promise<void> {
  await Promise.all(uses.map((use) => limiterOf(use.name).reward(String(use.subject))));
}
