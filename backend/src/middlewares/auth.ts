import type { Context, Middleware } from 'koa';
import type { User } from '../db/models';
import { findCurrentUser, toCurrentUser, type CurrentUser } from '../services/userCache';
import { forbidden, unauthenticated } from '../errors';
import { config } from '../config';
import { isAdminEmail } from '../policies/admin';
import { dropSession, readSession, type SessionData } from '../session';

export interface AuthState {
  user?: CurrentUser;
}

/** Loads the signed-in user, if any, into ctx.state.user. A session whose user is gone is ended. */
export const loadCurrentUser: Middleware = async (ctx, next) => {
  const session = await readSession(ctx);
  const userId = session?.data.userId;
  if (session && userId) {
    const user = await findCurrentUser(userId);
    if (user) ctx.state.user = user;
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
  if (!user.isAdmin)
    throw forbidden(`Admin access required - only ${config.adminEmailDomain} users allowed.`);
  if (!isAdminEmail(user.email))
    throw forbidden(`Admin access restricted to ${config.adminEmailDomain} users.`);
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

/** Starts a fresh session for the user (a new id, so a planted session id is worthless). */
export async function signIn(ctx: Context, user: User): Promise<void> {
  assertWritableSession(ctx);
  const session = ctx.session as unknown as SessionData & { regenerate: () => Promise<void> };
  session.userId = user.id;
  await session.regenerate();
  ctx.state.user = toCurrentUser(user);
}

export function signOut(ctx: Context): void {
  assertWritableSession(ctx);
  ctx.session = null;
  ctx.state.user = undefined;
}
