import { Redis, type RedisOptions } from 'ioredis';
import { config } from './config';
import { logger } from './logger';
import { REDIS_COMMAND_TIMEOUT_MS } from './lib/redisOutage';

/**
 * A new Redis connection. BullMQ workers and pub/sub need their own; `maxRetriesPerRequest: null`
 * is what BullMQ requires for blocking connections.
 */
export function createRedis(options: RedisOptions = {}): Redis {
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null, ...options });
  // ioredis reconnects by itself; an outage is said once when it starts and once when it ends
  // (without a listener ioredis prints every failed attempt to stderr).
  let lost = false;
  redis.on('error', (err: Error) => {
    if (lost) return;
    lost = true;
    logger.warn({ err: { message: err.message } }, 'redis connection lost; reconnecting');
  });
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    logger.info('redis connection back');
  });
  return redis;
}

let shared: Redis | undefined;

/**
 * The process's shared connection for plain commands (sessions, rate limits, heartbeats). While
 * Redis is unreachable a command fails within REDIS_COMMAND_TIMEOUT_MS (or as soon as a reconnect
 * is refused), so a request answers 503 fast; ioredis keeps reconnecting and the next commands run
 * once Redis is back.
 */
export function sharedRedis(): Redis {
  shared ??= createRedis({ maxRetriesPerRequest: 1, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
  return shared;
}

export async function closeSharedRedis(): Promise<void> {
  if (shared) await shared.quit().catch(() => shared?.disconnect());
  shared = undefined;
}

export const redisKey = (...parts: (string | number)[]) => [config.redisPrefix, ...parts].join(':');
