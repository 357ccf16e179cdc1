import type { Transaction } from 'sequelize';
import { logger } from '../logger';
import { isAdminUser } from '../policies/admin';
import { ADMINS_ROOM, SESSION_RECHECK_EVENT, sessionRoom, userRoom } from './eventTable';
import { currentBroadcaster } from './publish';

/**
 * A socket follows its session and its user: these move or close sockets in every api process
 * (through the Socket.IO Redis adapter, or the Redis emitter from a worker or a script). Every
 * socket's session is also checked again every few minutes (the recheckSocketSessions job), for
 * sessions that end on their own and in case a message was lost.
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
 * Closes every socket of the user, in every tab and browser: their sessions have ended (the
 * password changed). Called before the browser that changed it gets its new session.
 */
export function disconnectUserSockets(userId: number): void {
  reach("close the sockets of a user's sessions", () =>
    currentBroadcaster().in(userRoom(userId)).disconnectSockets(true),
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

/** Every api process checks each of its sockets' sessions again (realtime/socketServer.ts). */
export function recheckSocketSessions(): void {
  reach('ask the api processes to check their sockets', () =>
    currentBroadcaster().serverSideEmit(SESSION_RECHECK_EVENT),
  );
}
