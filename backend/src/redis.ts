import { Redis, type RedisOptions } from 'ioredis';
import { config } from './config';

/**
 * A new Redis connection. BullMQ workers and pub/sub need their own; `maxRetriesPerRequest: null`
 * is what BullMQ requires for blocking connections.
 */
export function createRedis(options: RedisOptions = {}): Redis {
  return new Redis(config.redisUrl, { maxRetriesPerRequest: null, ...options });
}

let shared: Redis | undefined;

/** The process's shared connection for plain commands (sessions, rate limits, heartbeats). */
export function sharedRedis(): Redis {
  shared ??= createRedis({ maxRetriesPerRequest: 3 });
  return shared;
}

export async function closeSharedRedis(): Promise<void> {
  if (shared) await shared.quit().catch(() => shared?.disconnect());
  shared = undefined;
}

export const redisKey = (...parts: (string | number)[]) => [config.redisPrefix, ...parts].join(':');
