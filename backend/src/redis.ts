import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { config } from './config';
import { logger } from './logger';
import { REDIS_COMMAND_TIMEOUT_MS } from './lib/redisOutage';
import { parseClusterNodes } from './lib/redisNodes';

export { parseClusterNodes } from './lib/redisNodes';

/** A connection to a single Redis or to a Redis Cluster (REDIS_CLUSTER): both take the same commands. */
export type RedisClient = Redis | Cluster;

/** A connection's options; `shardedSubscribers` is the cluster's own (sharded pub/sub), unused on a single node. */
export type RedisConnectionOptions = RedisOptions & Pick<ClusterOptions, 'shardedSubscribers'>;

/**
 * A Redis Cluster connection with a single connection's options. ioredis holds a command the
 * cluster cannot take yet (starting, or reconnecting after every node was lost) in the Cluster's
 * own offline queue, where neither `commandTimeout` nor `maxRetriesPerRequest` reaches it: a
 * connection that promises to fail fast (one with a `commandTimeout`) keeps that queue for its
 * start only, so an outage later fails its commands at once, as on a single node.
 */
function createCluster(options: RedisConnectionOptions): Cluster {
  const { enableOfflineQueue, enableAutoPipelining, shardedSubscribers, ...perNode } = options;
  const { nodes, redisOptions } = parseClusterNodes(config.redisUrl);
  const cluster = new Cluster(nodes, {
    redisOptions: { maxRetriesPerRequest: null, ...redisOptions, ...perNode },
    enableOfflineQueue: enableOfflineQueue ?? true,
    enableAutoPipelining,
    shardedSubscribers,
  });
  if (perNode.commandTimeout !== undefined && enableOfflineQueue !== false) {
    cluster.once('ready', () => {
      cluster.options.enableOfflineQueue = false;
    });
  }
  return cluster;
}

/**
 * A new Redis connection (a Cluster one with REDIS_CLUSTER). BullMQ workers and pub/sub need their
 * own; `maxRetriesPerRequest: null` is what BullMQ requires for blocking connections.
 *
 * Commands go out as they are issued, many in flight at once (Redis pipelining), not through
 * ioredis's automatic pipelining (the worker's event emitter apart, see realtime/socketAdapter.ts).
 * Under a webhook flood the Pipelines that builds each tick, with their commands, reached V8's old
 * generation: the api's young-generation collections promoted 3 MB each and paused it 9-10 ms
 * (p50), against 0.1 MB and 4 ms without, and a write per command cost less CPU than a Pipeline
 * a tick (`npm run bench:dialer` prints the api's collections).
 */
export function createRedis(options: RedisConnectionOptions = {}): RedisClient {
  const { shardedSubscribers: _clusterOnly, ...single } = options;
  const redis: RedisClient = config.redisCluster
    ? createCluster(options)
    : new Redis(config.redisUrl, { maxRetriesPerRequest: null, ...single });
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

let shared: RedisClient | undefined;

/**
 * The process's shared connection for plain commands (sessions, rate limits, heartbeats). While
 * Redis is unreachable a command fails within REDIS_COMMAND_TIMEOUT_MS (or as soon as a reconnect
 * is refused), so a request answers 503 fast; ioredis keeps reconnecting and the next commands run
 * once Redis is back.
 */
export function sharedRedis(): RedisClient {
  shared ??= createRedis({ maxRetriesPerRequest: 1, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
  return shared;
}

let pipelined: RedisClient | undefined;

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
export function pipelinedRedis(): RedisClient {
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
export async function quitRedis(redis: RedisClient): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await redis.quit().catch(() => redis.disconnect());
}

/**
 * The values of many keys, in order, sent together. On a single node one MGET; on a cluster an
 * MGET must stay in one slot, so each key is a GET of its own, all written at once (one round
 * trip per node).
 */
export async function getMany(redis: RedisClient, keys: string[]): Promise<(string | null)[]> {
  if (!keys.length) return [];
  return redis instanceof Cluster ? Promise.all(keys.map((key) => redis.get(key))) : redis.mget(keys);
}

export async function closeSharedRedis(): Promise<void> {
  if (shared) await quitRedis(shared);
  shared = undefined;
  if (pipelined) await quitRedis(pipelined);
  pipelined = undefined;
}

export const redisKey = (...parts: (string | number)[]) => [config.redisPrefix, ...parts].join(':');

/**
 * The key of something used together with other keys (in one script, MULTI or multi-key command).
 * On a Redis Cluster such keys must live in one hash slot, so the group is a hash tag there:
 * `ringcast:{group}:...`. On a single node the key keeps the name it always had,
 * `ringcast:group:...`, so an upgrade finds its queued jobs, streams and sessions where they were.
 */
export const slotKey = (group: string, ...parts: (string | number)[]) =>
  redisKey(config.redisCluster ? `{${group}}` : group, ...parts);

/**
 * BullMQ's prefix for a queue. A queue's keys meet in its Lua scripts, so on a cluster each queue
 * has a hash tag of its own (`ringcast:{bull:dialCall}`): its keys stay in one slot and the queues
 * spread over the cluster. On a single node every queue keeps the one prefix it always had.
 */
export const queuePrefix = (queueName: string) =>
  config.redisCluster ? redisKey(`{bull:${queueName}}`) : redisKey('bull');
