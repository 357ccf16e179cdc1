import type { IncomingMessage } from 'node:http';
import { SESSION_COOKIE, cookieKeys, isLiveSession, predatesPasswordChange, sessionStore } from '../session';
import { findCurrentUser, type CurrentUser } from '../lib/userCache';
import { isRedisUnavailable } from '../lib/redisOutage';

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
 * The user a session belongs to while the session lives (the same store, lifetimes and password
 * rule the HTTP API reads), or undefined once it has ended or its user is gone.
 */
export async function userOfSession(sessionId: string): Promise<CurrentUser | undefined> {
  const session = await sessionStore.get(sessionId);
  if (!session || !isLiveSession(session)) return undefined;
  const user = await findCurrentUser(session.userId!);
  return user && !predatesPasswordChange(session, user) ? user : undefined;
}

/**
 * How long a handshake keeps asking Redis before it is refused as `unavailable`. A browser is not
 * waiting on it the way it waits on a request, and a burst of reconnections (every socket after an
 * api restart) holds the event loop for longer than a command's deadline: Redis has answered, but
 * the deadline's timer runs before the answer is read. Asked again, it is.
 */
export const HANDSHAKE_PATIENCE_MS = 8_000;
/** Retries are spread over this much time so the ones a burst cut short do not come back together. */
const RETRY_SPREAD_MS = [100, 400] as const;

/** userOfSession for a handshake: a Redis read cut short is asked again, until HANDSHAKE_PATIENCE_MS. */
export async function userOfHandshakeSession(sessionId: string): Promise<CurrentUser | undefined> {
  const giveUpAt = Date.now() + HANDSHAKE_PATIENCE_MS;
  for (;;) {
    try {
      return await userOfSession(sessionId);
    } catch (err) {
      if (!isRedisUnavailable(err) || Date.now() >= giveUpAt) throw err;
      const [least, most] = RETRY_SPREAD_MS;
      await new Promise((resolve) => setTimeout(resolve, least + Math.random() * (most - least)));
    }
  }
}
