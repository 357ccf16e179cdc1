import type { Transaction } from 'sequelize';
import type { EventName, EventPayload } from '@ringcast/shared-types';
import { remoteSocketServer } from '../realtime/socketAdapter';
import { logger } from '../logger';
import { Coalescer } from './coalescer';
import { PUSHES_EVENT, roomsOf, routeOf, type OwnerEvent, type RereadEvent } from './eventTable';
import { deliverPushes, pushBatcher, type LocalSockets, type Push } from './pushBatch';

/**
 * Anything that can reach sockets in every api process: the api's Socket.IO server (with its Redis
 * adapter), or elsewhere the Redis emitter (a socketless server on a Redis Cluster). Pushes travel
 * as a server-side event that each api process delivers to its own sockets (realtime/socketServer.ts);
 * besides, it moves sockets between rooms and closes them.
 */
export interface Broadcaster {
  in(rooms: string | string[]): {
    socketsJoin(room: string): void;
    socketsLeave(room: string): void;
    disconnectSockets(close?: boolean): void;
  };
  /** To every api process but the sender (the emitter has none of its own sockets). */
  serverSideEmit(event: string, ...args: unknown[]): unknown;
}

/** The api's own Socket.IO server: it has sockets of its own, which hear its pushes directly. */
export interface LocalBroadcaster extends Broadcaster {
  local: LocalSockets;
}

export { SOCKET_CHANNEL_KEY } from '../realtime/socketAdapter';

let installed: LocalBroadcaster | undefined;
let remote: ReturnType<typeof remoteSocketServer> | undefined;
/** What each coalescing step still holds, sent before the broadcaster closes. */
const flushes = new Set<() => void | Promise<void>>();

/** The api installs its Socket.IO server here; processes without one fall back to remoteSocketServer(). */
export function useBroadcaster(target: LocalBroadcaster | undefined): void {
  installed = target;
}

function broadcasterInUse(): Broadcaster {
  if (installed) return installed;
  remote ??= remoteSocketServer();
  return remote.target as unknown as Broadcaster;
}

function sendPushes(pushes: Push[]): void {
  try {
    const target = broadcasterInUse();
    target.serverSideEmit(PUSHES_EVENT, pushes);
    if (target === installed) deliverPushes(installed.local, pushes);
  } catch (err) {
    // Encoding the message failed (a payload JSON cannot hold): every push but that one still goes.
    if (pushes.length > 1) return pushes.forEach((push) => sendPushes([push]));
    logger.error({ err, event: pushes[0]?.[0] }, 'publish failed');
  }
}

const pushes = pushBatcher(sendPushes);

/**
 * The broadcaster, for what is not a push (moving or closing sockets): the pushes published before
 * go out first, so that what follows them reaches the sockets after them.
 */
export function currentBroadcaster(): Broadcaster {
  pushes.flush();
  return broadcasterInUse();
}

/** Sends what coalescing still holds back, re-reads included, through the broadcaster in use. */
export async function flushPublishes(): Promise<void> {
  await Promise.all([...flushes].map((flush) => flush()));
  pushes.flush();
}

/** Sends what coalescing still holds back (re-reads included), then closes the remote broadcaster, if any. */
export async function closeBroadcaster(): Promise<void> {
  await flushPublishes();
  const closing = remote;
  installed = undefined;
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

/** Pushes published together go out in one message, in order (pushBatch.ts). */
function emit(event: EventName, rooms: string[], payload: unknown): void {
  pushes.add([event, rooms, payload]);
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
