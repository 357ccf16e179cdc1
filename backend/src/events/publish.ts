import { once } from 'node:events';
import type { Transaction } from 'sequelize';
import { Emitter } from '@socket.io/redis-emitter';
import type { EventName, EventPayload, ServerToClientEvents } from '@ringcast/shared-types';
import { createRedis, quitRedis, redisKey } from '../redis';
import { logger } from '../logger';
import { Coalescer } from './coalescer';
import { roomsOf, routeOf, type OwnerEvent } from './eventTable';

/**
 * Anything that can reach sockets by room, in every api process: the api's Socket.IO server (with
 * its Redis adapter), or the Redis emitter elsewhere. Besides events it moves sockets between rooms
 * and closes them.
 */
export interface Broadcaster {
  to(rooms: string | string[]): { emit(event: string, payload: unknown): unknown };
  in(rooms: string | string[]): {
    socketsJoin(room: string): void;
    socketsLeave(room: string): void;
    disconnectSockets(close?: boolean): void;
  };
  /** To every api process but the sender (the emitter has none of its own sockets). */
  serverSideEmit(event: string): unknown;
}

export const SOCKET_CHANNEL_KEY = () => redisKey('socket.io');

/** At most one emit per coalesced entity in this window (per process). */
export const COALESCE_WINDOW_MS = 250;

let broadcaster: Broadcaster | undefined;
let emitterRedis: ReturnType<typeof createRedis> | undefined;
const coalescer = new Coalescer(COALESCE_WINDOW_MS);

/** The api installs its Socket.IO server here; processes without one fall back to the Redis emitter. */
export function useBroadcaster(target: Broadcaster | undefined): void {
  broadcaster = target;
}

export function currentBroadcaster(): Broadcaster {
  if (!broadcaster) {
    // Pipelined automatically (the one connection that is, see createRedis): a batch of calls
    // announced in one tick goes out in one write, and the api's subscriber reads it in one
    // wake-up; without, the dialer bench's webhooks answered 1-2 ms slower at the median. The
    // Pipelines' cost in collections falls on this worker, whose pauses hold up no answer.
    // quitRedis lets a held publish out before it closes the connection.
    emitterRedis = createRedis({ enableAutoPipelining: true });
    broadcaster = new Emitter<ServerToClientEvents>(emitterRedis, {
      key: SOCKET_CHANNEL_KEY(),
    }) as unknown as Broadcaster;
  }
  return broadcaster;
}

/** Sends what coalescing still holds back, then closes the emitter's connection, if any. */
export async function closeBroadcaster(): Promise<void> {
  coalescer.flush();
  const redis = emitterRedis;
  broadcaster = undefined;
  emitterRedis = undefined;
  if (!redis) return;
  // The emitter's publishes are fire-and-forget; any still queued while the connection opens
  // would be dropped (with an unhandled error) by quitting now, so let them go out first.
  if (['wait', 'connecting', 'connect'].includes(redis.status)) {
    await Promise.race([
      once(redis, 'ready'),
      new Promise((resolve) => setTimeout(resolve, 2000).unref()),
    ]).catch(() => undefined);
  }
  await quitRedis(redis);
}

export interface PublishOptions {
  /** The user the event belongs to; its owner's tabs hear it (events whose audience has the owner). */
  userId?: number;
  /** Wait for this transaction to commit: a change that is rolled back is never announced. */
  transaction?: Transaction | null;
  /** The change only moves statistics (calls counted): coalesced where the events table says so. */
  statistics?: boolean;
}

/**
 * Pushes an event to the rooms the events table gives it. Inside a transaction it waits for the
 * commit. High-rate events are coalesced per entity (the latest payload at most every 250 ms).
 */
export function publish<E extends EventName>(
  event: E,
  payload: EventPayload<E>,
  ...[options = {}]: E extends OwnerEvent
    ? [options: PublishOptions & { userId: number }]
    : [options?: PublishOptions & { userId?: undefined }]
): void {
  const rooms = roomsOf(event, options.userId);
  const emit = () => {
    try {
      currentBroadcaster().to(rooms).emit(event, payload);
    } catch (err) {
      logger.error({ err, event }, 'publish failed');
    }
  };
  const { coalesce } = routeOf(event);
  const coalesced = coalesce && (!coalesce.onlyStatistics || options.statistics);
  const send = coalesced
    ? () => coalescer.push(`${event}:${coalesce.key(payload)}`, emit, coalesce.version?.(payload))
    : emit;
  if (options.transaction) options.transaction.afterCommit(send);
  else send();
}
