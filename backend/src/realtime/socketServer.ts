import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { ADMINS_ROOM, userRoom, type ClientToServerEvents, type ServerToClientEvents } from '@ringcast/shared-types';
import { createRedis } from '../redis';
import { SOCKET_CHANNEL_KEY } from '../events/publish';
import { isAdminUser } from '../policies/admin';
import { userFromHandshake } from './socketAuth';
import { logger } from '../logger';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/**
 * Socket.IO on the api's own port. A socket is admitted only with a valid session; it joins its
 * user's room, and admins also join the admins room. The Redis adapter lets every api copy
 * (and the worker, through the emitter) reach every socket.
 */
export function attachRealtime(httpServer: HttpServer) {
  const pub = createRedis();
  const sub = pub.duplicate();
  const io: RealtimeServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    adapter: createAdapter(pub, sub, { key: SOCKET_CHANNEL_KEY() }),
  });

  io.use(async (socket, next) => {
    try {
      const user = await userFromHandshake(socket.request);
      if (!user) return next(new Error('unauthenticated'));
      socket.data.userId = user.id;
      socket.join(userRoom(user.id));
      if (isAdminUser(user)) socket.join(ADMINS_ROOM);
      next();
    } catch (err) {
      logger.error({ err }, 'socket authentication failed');
      next(new Error('unavailable'));
    }
  });

  const close = async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await Promise.all([pub.quit(), sub.quit()]).catch(() => undefined);
  };
  return { io, close };
}
