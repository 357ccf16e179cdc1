import { logger } from '../logger';

/** One push: an event, the rooms that hear it, and its payload. */
export type Push = [event: string, rooms: string[], payload: unknown];

/** The sockets of this process, by room (the api's `io.local`). */
export interface LocalSockets {
  to(rooms: string[]): { emit(event: string, payload: unknown): unknown };
}

/**
 * Pushes in one message at most (some 20 KB): an api process delivers the first message of a
 * burst while the next ones are on their way, rather than wait for all of it, and serves its
 * requests between them.
 */
const MAX_PUSHES_PER_MESSAGE = 250;

/**
 * Gathers the pushes published together (in one run of code, up to its microtasks) and hands them
 * to `send` in one go, in the order they were published. A message a process sends, and one each
 * api process reads and decodes, costs far more than a push inside it: a burst of a thousand
 * events was a thousand of each. Nothing waits for a timer, so no push is later than it was.
 */
export function pushBatcher(send: (pushes: Push[]) => void) {
  let pending: Push[] = [];
  const flush = () => {
    if (!pending.length) return;
    const pushes = pending;
    pending = [];
    send(pushes);
  };
  return {
    add(push: Push): void {
      if (!pending.length) queueMicrotask(flush);
      pending.push(push);
      if (pending.length >= MAX_PUSHES_PER_MESSAGE) flush();
    },
    /** Sends what is gathered now (before anything else goes out through the broadcaster). */
    flush,
  };
}

/**
 * Hands each push to the sockets of this process that are in its rooms, in order. Socket.IO
 * encodes each push once for all its sockets. A push that cannot be sent (a payload Socket.IO
 * cannot encode) is said and skipped; the others still go.
 */
export function deliverPushes(sockets: LocalSockets, pushes: Push[]): void {
  for (const [event, rooms, payload] of pushes) {
    try {
      sockets.to(rooms).emit(event, payload);
    } catch (err) {
      logger.error({ err, event }, 'push failed');
    }
  }
}
