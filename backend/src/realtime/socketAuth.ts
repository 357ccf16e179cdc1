import type { IncomingMessage } from 'node:http';
import { SESSION_COOKIE, cookieKeys, isLiveSession, sessionStore } from '../session';
import { findCurrentUser, type CurrentUser } from '../lib/userCache';

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return cookies;
}

/** The session id of a handshake's signed session cookie, checked with the keys the HTTP API uses. */
export function sessionIdFromHandshake(req: IncomingMessage): string | undefined {
  const cookies = parseCookies(req.headers.cookie);
  const sessionId = cookies.get(SESSION_COOKIE);
  const signature = cookies.get(`${SESSION_COOKIE}.sig`);
  if (!sessionId || !signature) return undefined;
  return cookieKeys.verify(`${SESSION_COOKIE}=${sessionId}`, signature) ? sessionId : undefined;
}

/**
 * The user a session belongs to while the session lives (the same store and lifetimes the HTTP
 * API reads), or undefined once it has ended or its user is gone.
 */
export async function userOfSession(sessionId: string): Promise<CurrentUser | undefined> {
  const session = await sessionStore.get(sessionId);
  if (!session || !isLiveSession(session)) return undefined;
  return (await findCurrentUser(session.userId!)) ?? undefined;
}
