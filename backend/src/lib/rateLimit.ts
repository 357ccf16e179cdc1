import { redisKey, sharedRedis } from '../redis';

/**
 * A fixed-window counter in Redis: each call counts one use of `name` by `subject`; past `limit`
 * uses in the window it answers how long until the window ends. Shared by every api process.
 */
export async function consumeRateLimit(
  name: string,
  subject: string | number,
  limit: number,
  windowSeconds: number,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const key = redisKey('rate', name, subject);
  const results = await sharedRedis().multi().incr(key).expire(key, windowSeconds, 'NX').ttl(key).exec();
  const count = Number(results?.[0]?.[1] ?? 0);
  if (count <= limit) return { allowed: true };
  const ttl = Number(results?.[2]?.[1] ?? windowSeconds);
  return { allowed: false, retryAfterSeconds: ttl > 0 ? ttl : windowSeconds };
}
