import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@ringcast/shared-types';
import { socketAdapter } from './socketAdapter';
import {
  ADMINS_ROOM,
  PUSHES_EVENT,
  SESSION_RECHECK_EVENT,
  roomsOfUser,
  sessionRoom,
} from '../events/eventTable';
import { deliverPushes, type Push } from '../events/pushBatch';
import { isAdminUser } from '../policies/admin';
import { isOwnOrigin, requestOriginOf } from '../lib/sameOrigin';
import { sessionIdFromHandshake, userOfHandshakeSession, userOfSession } from './socketAuth';
import { logger } from '../logger';
import { watchOpenSockets } from '../metrics';

interface SocketData {
  userId: number;
  sessionId: string;
}

/** What api processes tell each other (the worker too, through the emitter). */
interface ServerSideEvents {
  [SESSION_RECHECK_EVENT]: () => void;
  [PUSHES_EVENT]: (pushes: Push[]) => void;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

export const SOCKET_IO_PATH = '/socket.io';

/** Closes the socket whose session has ended; puts it in or out of the admins room as its user now is. */
async function recheck(socket: RealtimeSocket): Promise<void> {
  const user = await userOfSession(socket.data.sessionId);
  if (!user) {
    socket.disconnect(true);
    return;
  }
  const admin = isAdminUser(user);
  if (admin && !socket.rooms.has(ADMINS_ROOM)) await socket.join(ADMINS_ROOM);
  if (!admin && socket.rooms.has(ADMINS_ROOM)) await socket.leave(ADMINS_ROOM);
}

/**
 * Socket.IO on the api's own port. A handshake must come from the app's own origin (as the HTTP
 * API's state-changing calls must) with a live session; the socket joins its user's room, its
 * session's room, and, for admins, the admins room. The Redis adapter (socketAdapter.ts: sharded
 * on a Redis Cluster) lets every api copy (and the worker) reach every socket.
 */
export function attachRealtime(httpServer: HttpServer) {
  const shared = socketAdapter();
  const io: RealtimeServer = new Server(httpServer, {
    path: SOCKET_IO_PATH,
    serveClient: false,
    // Upgrades on other paths (the relay's) belong to the server's upgrade router.
    destroyUpgrade: false,
    adapter: shared.adapter,
    allowRequest: (req, callback) => callback(null, isOwnOrigin(req.headers.origin, requestOriginOf(req))),
  });

  io.use(async (socket, next) => {
    try {
      const sessionId = sessionIdFromHandshake(socket.request);
      const user = sessionId && (await userOfHandshakeSession(sessionId));
      if (!sessionId || !user) return next(new Error('unauthenticated'));
      socket.data.userId = user.id;
      socket.data.sessionId = sessionId;
      socket.join([...roomsOfUser({ id: user.id, isAdmin: isAdminUser(user) }), sessionRoom(sessionId)]);
      next();
    } catch (err) {
      logger.error({ err }, 'socket authentication failed');
      next(new Error('unavailable'));
    }
  });

  const recheckAll = () => {
    for (const socket of io.of('/').sockets.values()) {
      // An outage is not a sign-out: the socket stays and is checked again next time.
      recheck(socket).catch((err: Error) => logger.warn({ err }, 'socket session re-check failed'));
    }
  };
  // The recheckSocketSessions job asks every api process, each for its own sockets.
  io.on(SESSION_RECHECK_EVENT, recheckAll);
  // Another process's pushes (publish.ts): this process's sockets hear them from here.
  io.on(PUSHES_EVENT, (pushes) => deliverPushes(io.local, pushes));
  const unwatchSockets = watchOpenSockets(() => io.of('/').sockets.size);

  const close = async () => {
    unwatchSockets();
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await shared.close();
  };
  return { io, close };
}
