import { Server } from 'socket.io';
import { Emitter } from '@socket.io/redis-emitter';
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import { config } from '../config';
import { createRedis, quitRedis, redisKey, type RedisClient } from '../redis';

/** The pub/sub channels' prefix, so deployments sharing a Redis never hear each other's pushes. */
export const SOCKET_CHANNEL_KEY = () => redisKey('socket.io');

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
    ? createShardedAdapter(pub, sub, { channelPrefix: SOCKET_CHANNEL_KEY(), subscriptionMode: 'static' })
    : createAdapter(pub, sub, { key: SOCKET_CHANNEL_KEY() });
  return { adapter, close: () => Promise.all([quitRedis(pub), quitRedis(sub)]).then(() => undefined) };
}

/**
 * How a process without sockets of its own (a worker, a script) reaches the api's sockets. On a
 * single Redis the Redis emitter, which speaks the classic adapter's channels. The emitter cannot
 * speak the sharded adapter's (its messages and PUBLISH are the classic adapter's), so on a cluster
 * it is a Socket.IO server with no HTTP server and the sharded adapter: it has no sockets, and
 * everything it sends goes through the adapter to the api processes.
 */
export function remoteSocketServer(): {
  target: Server | Emitter;
  /** The emitter's connection (a single Redis only), for the caller's orderly close. */
  emitterRedis?: RedisClient;
  close(): Promise<void>;
} {
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
    emitterRedis: redis,
    close: () => quitRedis(redis),
  };
}
