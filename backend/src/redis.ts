import { Redis, type RedisOptions } from 'ioredis';
import { config } from './config';
import { logger } from './logger';
import { REDIS_COMMAND_TIMEOUT_MS } from './lib/redisOutage';

/**
 * A new Redis connection. BullMQ workers and pub/sub need their own; `maxRetriesPerRequest: null`
 * is what BullMQ requires for blocking connections.
 *
 * Commands go out as they are issued, many in flight at once (Redis pipelining), not through
 * ioredis's automatic pipelining (the worker's event emitter apart, see publish.ts). Under a
 * webhook flood the Pipelines that builds each tick, with their commands, reached V8's old
 * generation: the api's young-generation collections promoted 3 MB each and paused it 9-10 ms
 * (p50), against 0.1 MB and 4 ms without, and a write per command cost less CPU than a Pipeline
 * a tick (`npm run bench:dialer` prints the api's collections).
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

let pipelined: Redis | undefined;

/**
 * A burst of thousands of commands a second can keep the event loop busy past the shared
 * connection's deadline with Redis itself well: that is no outage. Still well inside the 15 s a
 * provider waits for a webhook's answer.
 */
const PIPELINED_COMMAND_TIMEOUT_MS = 2_000;

/**
 * The process's connection for commands many requests or calls send at once (a webhook's append
 * to the call events' stream, a settled call's slot given back): none waits for the answer to the
 * one before it. On a connection of its own so a burst never queues behind a slow command
 * elsewhere; an unreachable Redis still fails it fast.
 */
export function pipelinedRedis(): Redis {
  pipelined ??= createRedis({
    maxRetriesPerRequest: 1,
    commandTimeout: PIPELINED_COMMAND_TIMEOUT_MS,
  });
  return pipelined;
}

/**
 * Closes a connection once what was sent on it is answered, after the commands the current tick
 * still issues: one issued after the quit would fail, and a fire-and-forget one (an emitter's
 * publish) would fail as an unhandled rejection.
 */
export async function quitRedis(redis: Redis): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await redis.quit().catch(() => redis.disconnect());
}

export async function closeSharedRedis(): Promise<void> {
  if (shared) await quitRedis(shared);
  shared = undefined;
  if (pipelined) await quitRedis(pipelined);
  pipelined = undefined;
}

export const redisKey = (...parts: (string | number)[]) => [config.redisPrefix, ...parts].join(':');
