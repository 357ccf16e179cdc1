import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { remoteSocketServer } from '../../src/realtime/socketAdapter';
import type { TestSocket } from './sockets';

/** Not an event of ours: only these helpers send it, so no test's collected events include it. */
const SENTINEL_EVENT = 'test:sentinel';

/**
 * Resolves once everything published to these sockets so far has reached them, so a test can
 * then check what did *not* arrive (a push to the wrong user, a second announce) without sleeping.
 *
 * Each socket is sent a sentinel as a worker publishes (the Redis emitter, or on a cluster a
 * socketless server on the sharded adapter), through the channel the worker publishes on
 * and every api copy listens to, after whatever the test is waiting out: an api's request has
 * been answered (its pushes left when the transaction committed), or a worker's job has finished
 * (its pushes were sent to Redis before it completed). Socket.IO keeps one socket's messages in
 * order, so anything published to the socket before the sentinel arrives before it.
 */
export async function sentinelReached(sockets: TestSocket[], timeoutMs = 5000): Promise<void> {
  const token = randomUUID();
  const arrivals = sockets.map((socket) => arrival(socket as unknown as Socket, token, timeoutMs));
  const remote = remoteSocketServer();
  try {
    for (const socket of sockets) remote.target.to(socket.id!).emit(SENTINEL_EVENT, token);
    await Promise.all(arrivals);
  } finally {
    await remote.close();
  }
}

function arrival(socket: Socket, token: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onSentinel = (received: string) => {
      if (received !== token) return;
      clearTimeout(timer);
      socket.off(SENTINEL_EVENT, onSentinel);
      resolve();
    };
    const timer = setTimeout(() => {
      socket.off(SENTINEL_EVENT, onSentinel);
      reject(new Error(`the sentinel did not reach socket ${socket.id} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(SENTINEL_EVENT, onSentinel);
  });
}
