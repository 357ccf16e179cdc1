import type { Transaction } from 'sequelize';
import { logger } from '../logger';
import { isAdminUser } from '../policies/admin';
import { ADMINS_ROOM, sessionRoom, userRoom } from './eventTable';
import { currentBroadcaster } from './publish';

/**
 * A socket follows its session and its user: these move or close sockets in every api process
 * (through the Socket.IO Redis adapter, or the Redis emitter from a worker or a script). Sockets
 * also re-check their session on their own (realtime/socketServer.ts) in case a message is lost.
 */

function reach(what: string, move: () => void): void {
  try {
    move();
  } catch (err) {
    logger.error({ err }, `could not ${what}`);
  }
}

/** Closes every socket opened with the session: it was signed out, replaced, or has ended. */
export function disconnectSessionSockets(sessionId: string): void {
  reach('close the sockets of an ended session', () =>
    currentBroadcaster().in(sessionRoom(sessionId)).disconnectSockets(true),
  );
}

/**
 * Puts every tab of the user in the admins room, or takes them out, as the admin rule now says
 * (isAdmin and the admin email domain). Inside a transaction, once it commits.
 */
export function followAdminStatus(
  user: { id: number; isAdmin: boolean; email: string },
  transaction?: Transaction | null,
): void {
  const admin = isAdminUser(user);
  const move = () =>
    reach('move sockets to or from the admins room', () => {
      const tabs = currentBroadcaster().in(userRoom(user.id));
      if (admin) tabs.socketsJoin(ADMINS_ROOM);
      else tabs.socketsLeave(ADMINS_ROOM);
    });
  if (transaction) transaction.afterCommit(move);
  else move();
}
