import { once } from 'node:events';
import { Server } from 'socket.io';
import { Emitter } from '@socket.io/redis-emitter';
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import { config } from '../config';
import { logger } from '../logger';
import { createRedis, quitRedis, redisKey, type RedisClient } from '../redis';

/** The pub/sub channels' prefix, so deployments sharing a Redis never hear each other's pushes. */
export const SOCKET_CHANNEL_KEY = () => redisKey('socket.io');

/**
 * Waits (up to 2 s) for a connection still opening to be ready. What was sent on it meanwhile is
 * held in its offline queue, and closing it then would fail those commands: the emitter's
 * fire-and-forget publishes, the adapter's subscriptions (whose failures nobody handles).
 */
async function settled(redis: RedisClient): Promise<void> {
  if (!['wait', 'connecting', 'connect', 'reconnecting'].includes(redis.status)) return;
  await Promise.race([
    once(redis, 'ready'),
    new Promise((resolve) => setTimeout(resolve, 2000).unref()),
  ]).catch(() => undefined);
}

/**
 * The sharded adapter sends SSUBSCRIBE and SUNSUBSCRIBE and drops their promises, and ioredis
 * stops a cluster's sharded subscribers at once when it quits: an answer still owed then never
 * comes, and its promise would reject with no one to handle it. The subscriptions end with the
 * connection anyway: such a failure is said only while the connection is meant to be open.
 */
function shardedSubscriber(sub: RedisClient): RedisClient {
  for (const command of ['ssubscribe', 'sunsubscribe'] as const) {
    const send = sub[command].bind(sub) as (...channels: string[]) => Promise<unknown>;
    (sub as unknown as Record<string, unknown>)[command] = (...channels: string[]) =>
      send(...channels).catch((err: Error) => {
        if (!['disconnecting', 'close', 'end'].includes(sub.status))
          logger.warn(
            { err: { message: err.message }, command, channels },
            'socket adapter subscription failed',
          );
      });
  }
  return sub;
}

/**
 * The Socket.IO adapter every api process (and, on a cluster, every other publisher) shares, with
 * the connections it holds. On a single Redis the classic adapter (PUBLISH/SUBSCRIBE). On a Redis
 * Cluster plain pub/sub is copied to every node, so the sharded adapter (Redis 7's SPUBLISH and
 * SSUBSCRIBE, each channel served by the node owning its slot) with one channel per namespace
 * ("static"): a user's pushes and a sentinel after them travel one channel, served by one node,
 * and keep their order, which channels per room, on nodes of their own, would not.
 */
export function socketAdapter() {
  const pub = createRedis();
  const sub = createRedis({ shardedSubscribers: true });
  const adapter = config.redisCluster
    ? createShardedAdapter(pub, shardedSubscriber(sub), {
        channelPrefix: SOCKET_CHANNEL_KEY(),
        subscriptionMode: 'static',
      })
    : createAdapter(pub, sub, { key: SOCKET_CHANNEL_KEY() });
  const close = async () => {
    await Promise.all([settled(pub), settled(sub)]);
    await Promise.all([quitRedis(pub), quitRedis(sub)]);
  };
  return { adapter, close };
}

/**
 * How a process without sockets of its own (a worker, a script) reaches the api's sockets. On a
 * single Redis the Redis emitter, which speaks the classic adapter's channels. The emitter cannot
 * speak the sharded adapter's (its messages and PUBLISH are the classic adapter's), so on a cluster
 * it is a Socket.IO server with no HTTP server and the sharded adapter: it has no sockets, and
 * everything it sends goes through the adapter to the api processes.
 */
export function remoteSocketServer(): { target: Server | Emitter; close(): Promise<void> } {
  if (config.redisCluster) {
    const { adapter, close } = socketAdapter();
    const io = new Server({ adapter });
    return {
      target: io,
      // io.close() would close an engine this server never started: its adapter's subscriptions and
      // connections are all it holds.
      close: async () => {
        await io.of('/').adapter.close();
        await close();
      },
    };
  }
  // Pipelined automatically (the one connection that is, see createRedis): a batch of calls
  // announced in one tick goes out in one write, and the api's subscriber reads it in one
  // wake-up; without, the dialer bench's webhooks answered 1-2 ms slower at the median. The
  // Pipelines' cost in collections falls on this worker, whose pauses hold up no answer.
  const redis = createRedis({ enableAutoPipelining: true });
  return {
    target: new Emitter(redis, { key: SOCKET_CHANNEL_KEY() }),
    close: async () => {
      await settled(redis);
      await quitRedis(redis);
    },
  };
}
