import type { RedisOptions } from 'ioredis';
import { sandboxHost, type RedisClient } from './host';

/** The api's shared connection (plain commands); the api closes it. */
export const sharedRedis = (): RedisClient => sandboxHost().redis();

/** A connection of the sandbox's own; whoever opens one closes it with quitRedis(). */
export const createRedis = (options?: RedisOptions): RedisClient => sandboxHost().createRedis(options);

/** A key under the deployment's prefix. */
export const redisKey = (...parts: (string | number)[]) => sandboxHost().redisKey(...parts);

/** A key that shares its group's slot on a Redis Cluster (see SandboxHost.slotKey). */
export const slotKey = (group: string, ...parts: (string | number)[]) =>
  sandboxHost().slotKey(group, ...parts);

/**
 * Closes a connection once what was sent on it is answered, after the commands the current tick
 * still issues (one issued after the quit would fail).
 */
export async function quitRedis(redis: RedisClient): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await redis.quit().catch(() => redis.disconnect());
}
