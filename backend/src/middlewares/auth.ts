import type { Context, Middleware } from 'koa';
import { adminRefusalMessage } from '@ringcast/shared-types';
import type { User } from '../db/models';
import { findCurrentUser, recentCurrentUser, toCurrentUser, type CurrentUser } from '../lib/userCache';
import { forbidden, unauthenticated } from '../errors';
import { config } from '../config';
import { adminRefusal } from '../policies/admin';
import { disconnectSessionSockets } from '../events/socketMembership';
import {
  dropSession,
  predatesPasswordChange,
  readSession,
  sessionIdOf,
  sessionReadRecently,
  type SessionData,
} from '../session';

export interface AuthState {
  user?: CurrentUser;
}

/**
 * Loads the signed-in user, if any, into ctx.state.user. A session whose user is gone, or which
 * began before the password last changed, is ended. When this process read both moments ago the
 * request goes on at once: no promise to wait on for the most common request there is.
 */
export const loadCurrentUser: Middleware = (ctx, next) => {
  const recent = sessionReadRecently(ctx);
  const user = recent?.data.userId ? recentCurrentUser(recent.data.userId) : undefined;
  if (!recent || !user || predatesPasswordChange(recent.data, user)) return loadFromStores(ctx, next);
  ctx.state.user = user;
  return next();
};

const loadFromStores: Middleware = async (ctx, next) => {
  const session = await readSession(ctx);
  const userId = session?.data.userId;
  if (session && userId) {
    const user = await findCurrentUser(userId);
    if (user && !predatesPasswordChange(session.data, user)) ctx.state.user = user;
    else await dropSession(ctx, session.id);
  }
  return next();
};

export const requireUser: Middleware = async (ctx, next) => {
  if (!ctx.state.user) throw unauthenticated();
  return next();
};

/** Admin routes: signed out 401; not an admin, or an admin outside our email domain, 403. */
export const requireAdmin: Middleware = async (ctx, next) => {
  const user = (ctx.state as AuthState).user;
  if (!user) throw unauthenticated();
  const refusal = adminRefusal(user);
  if (refusal) throw forbidden(adminRefusalMessage(refusal, config.adminEmailDomain));
  return next();
};

export function currentUser(ctx: Context): CurrentUser {
  const user = (ctx.state as AuthState).user;
  if (!user) throw unauthenticated();
  return user;
}

function assertWritableSession(ctx: Context): void {
  if (!ctx.state.sessionWritable) throw new Error('Signing in or out needs writableSession on the route');
}

/**
 * Starts a fresh session for the user (a new id, so a planted session id is worthless), whose
 * absolute lifetime starts now. Sockets of the session it replaces are closed.
 */
export async function signIn(ctx: Context, user: User): Promise<void> {
  assertWritableSession(ctx);
  const replaced = sessionIdOf(ctx);
  const session = ctx.session as unknown as SessionData & { regenerate: () => Promise<void> };
  session.userId = user.id;
  session.createdAt = Date.now();
  await session.regenerate();
  if (replaced) disconnectSessionSockets(replaced);
  ctx.state.user = toCurrentUser(user);
}

/** Ends the session (koa-session removes it from the store) and closes its sockets in every tab. */
export function signOut(ctx: Context): void {
  assertWritableSession(ctx);
  const ended = sessionIdOf(ctx);
  ctx.session = null;
  ctx.state.user = undefined;
  if (ended) disconnectSessionSockets(ended);
}
