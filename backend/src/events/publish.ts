import type { Transaction } from 'sequelize';
import type { EventName, EventPayload } from '@ringcast/shared-types';
import { remoteSocketServer } from '../realtime/socketAdapter';
import { logger } from '../logger';
import { Coalescer } from './coalescer';
import { roomsOf, routeOf, type OwnerEvent, type RereadEvent } from './eventTable';

/**
 * Anything that can reach sockets by room, in every api process: the api's Socket.IO server (with
 * its Redis adapter), or elsewhere the Redis emitter (a socketless server on a Redis Cluster).
 * Besides events it moves sockets between rooms and closes them.
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

export { SOCKET_CHANNEL_KEY } from '../realtime/socketAdapter';

let broadcaster: Broadcaster | undefined;
let remote: ReturnType<typeof remoteSocketServer> | undefined;
/** What each coalescing step still holds, sent before the broadcaster closes. */
const flushes = new Set<() => void | Promise<void>>();

/** The api installs its Socket.IO server here; processes without one fall back to remoteSocketServer(). */
export function useBroadcaster(target: Broadcaster | undefined): void {
  broadcaster = target;
}

export function currentBroadcaster(): Broadcaster {
  if (!broadcaster) {
    remote = remoteSocketServer();
    broadcaster = remote.target as unknown as Broadcaster;
  }
  return broadcaster;
}

/** Sends what coalescing still holds back, re-reads included, through the broadcaster in use. */
export async function flushPublishes(): Promise<void> {
  await Promise.all([...flushes].map((flush) => flush()));
}

/** Sends what coalescing still holds back (re-reads included), then closes the remote broadcaster, if any. */
export async function closeBroadcaster(): Promise<void> {
  await flushPublishes();
  const closing = remote;
  broadcaster = undefined;
  remote = undefined;
  // The emitter's publishes are fire-and-forget: its close lets any still queued go out first.
  if (closing) await closing.close();
}

export interface PublishOptions {
  /** The user the event belongs to; its owner's tabs hear it (events whose audience has the owner). */
  userId?: number;
  /** Wait for this transaction to commit: a change that is rolled back is never announced. */
  transaction?: Transaction | null;
}

function emit(event: EventName, rooms: string[], payload: unknown): void {
  try {
    currentBroadcaster().to(rooms).emit(event, payload);
  } catch (err) {
    logger.error({ err, event }, 'publish failed');
  }
}

const afterCommit = (transaction: Transaction | null | undefined, run: () => void) =>
  transaction ? transaction.afterCommit(run) : run();

/** The step of each event coalesced by payload, made from the events table on its first publish. */
const payloadSteps = new Map<EventName, Coalescer<() => void>>();

function payloadStep(event: EventName, windowMs: number): Coalescer<() => void> {
  let step = payloadSteps.get(event);
  if (!step) {
    step = new Coalescer<() => void>(windowMs, (sends) => sends.forEach((send) => send()), true);
    payloadSteps.set(event, step);
    flushes.add(() => step!.flush());
  }
  return step;
}

/**
 * Pushes an event to the rooms the events table gives it. Inside a transaction it waits for the
 * commit. Events the table coalesces by payload go through their step (coalescer.ts); any other
 * publish, a re-read event's included, goes out at once.
 */
export function publish<E extends EventName>(
  event: E,
  payload: EventPayload<E>,
  ...[options = {}]: E extends OwnerEvent
    ? [options: PublishOptions & { userId: number }]
    : [options?: PublishOptions & { userId?: undefined }]
): void {
  const rooms = roomsOf(event, options.userId);
  const send = () => emit(event, rooms, payload);
  const { coalesce } = routeOf(event);
  afterCommit(
    options.transaction,
    coalesce?.by === 'payload'
      ? () =>
          payloadStep(event, coalesce.windowMs).push(coalesce.key(payload), send, coalesce.version?.(payload))
      : send,
  );
}

/** An entity of a re-read event as read now, and the user it belongs to. */
export interface ReadForPush<E extends EventName> {
  payload: EventPayload<E>;
  userId: number;
}

export interface RereadPublisher {
  /** Its statistics moved: read again with every entity that moved in the window, at its end. */
  moved(id: number, transaction?: Transaction | null): void;
  /** A person changed it: read and pushed at once (after the commit), never held. */
  changed(id: number, transaction?: Transaction | null): void;
  /** Reads and pushes what the window holds now, and waits for the reads under way. */
  flush(): Promise<void>;
}

/**
 * The publisher of a re-read event (the events table's `coalesce.by: 'reread'`), given how its
 * entities are read (several at once, from one snapshot). Every push is read after the commits it
 * follows, and the reads of one process run one after the other, so a push never carries an older
 * snapshot than the one before it.
 */
export function rereadPublisher<E extends RereadEvent>(
  event: E,
  read: (ids: number[]) => Promise<ReadForPush<E>[]>,
): RereadPublisher {
  const due = new Set<number>();
  let reading: Promise<void> | undefined;

  const readAll = async () => {
    while (due.size) {
      const ids = [...due];
      due.clear();
      try {
        for (const { payload, userId } of await read(ids)) emit(event, roomsOf(event, userId), payload);
      } catch (err) {
        logger.warn({ err, event, ids }, 'could not read again to announce');
      }
    }
  };
  const readDue = (): Promise<void> => {
    reading ??= readAll().finally(() => {
      reading = undefined;
      // Named while the last read was answered, after its loop looked.
      if (due.size) void readDue();
    });
    return reading;
  };
  const add = (ids: number[]) => {
    ids.forEach((id) => due.add(id));
    void readDue();
  };

  const coalesce = routeOf(event).coalesce!;
  const step = new Coalescer<number>(coalesce.windowMs, add, false);
  const flush = async () => {
    step.flush();
    while (reading || due.size) await readDue();
  };
  flushes.add(flush);

  return {
    moved: (id, transaction) => afterCommit(transaction, () => step.push(id, id)),
    changed: (id, transaction) => afterCommit(transaction, () => add([id])),
    flush,
  };
}
