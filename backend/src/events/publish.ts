import { once } from 'node:events';
import type { Transaction } from 'sequelize';
import { Emitter } from '@socket.io/redis-emitter';
import type { EventName, EventPayload, ServerToClientEvents } from '@ringcast/shared-types';
import { createRedis, redisKey } from '../redis';
import { logger } from '../logger';

/** Anything that can broadcast to rooms: the api's Socket.IO server, or the Redis emitter elsewhere. */
export interface Broadcaster {
  to(rooms: string | string[]): { emit(event: string, payload: unknown): unknown };
}

export const SOCKET_CHANNEL_KEY = () => redisKey('socket.io');

let broadcaster: Broadcaster | undefined;
let emitterRedis: ReturnType<typeof createRedis> | undefined;

/** The api installs its Socket.IO server here; processes without one fall back to the Redis emitter. */
export function useBroadcaster(target: Broadcaster | undefined): void {
  broadcaster = target;
}

function currentBroadcaster(): Broadcaster {
  if (!broadcaster) {
    emitterRedis = createRedis();
    broadcaster = new Emitter<ServerToClientEvents>(emitterRedis, { key: SOCKET_CHANNEL_KEY() }) as unknown as Broadcaster;
  }
  return broadcaster;
}

export async function closeBroadcaster(): Promise<void> {
  const redis = emitterRedis;
  broadcaster = undefined;
  emitterRedis = undefined;
  if (!redis) return;
  // The emitter's publishes are fire-and-forget; any still queued while the connection opens
  // would be dropped (with an unhandled error) by quitting now, so let them go out first.
  if (['wait', 'connecting', 'connect'].includes(redis.status)) {
    await Promise.race([once(redis, 'ready'), new Promise((resolve) => setTimeout(resolve, 2000).unref())]).catch(() => undefined);
  }
  await redis.quit().catch(() => redis.disconnect());
}

/**
 * Pushes an event to rooms. Inside a transaction it waits for the commit, so a change that is
 * rolled back is never announced.
 */
export function publish<E extends EventName>(
  rooms: string[],
  event: E,
  payload: EventPayload<E>,
  options: { transaction?: Transaction | null } = {},
): void {
  const send = () => {
    try {
      currentBroadcaster().to(rooms).emit(event, payload);
    } catch (err) {
      logger.error({ err, event }, 'publish failed');
    }
  };
  if (options.transaction) options.transaction.afterCommit(send);
  else send();
}
