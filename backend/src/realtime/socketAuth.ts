import type { IncomingMessage } from 'node:http';
import { SESSION_COOKIE, cookieKeys, sessionStore } from '../session';
import { findCurrentUser } from '../services/userCache';

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return cookies;
}

/**
 * The user behind a socket's handshake: the same signed session cookie the HTTP API reads,
 * checked against the same keys and looked up in the same Redis store.
 */
export async function userFromHandshake(req: IncomingMessage) {
  const cookies = parseCookies(req.headers.cookie);
  const sessionId = cookies.get(SESSION_COOKIE);
  const signature = cookies.get(`${SESSION_COOKIE}.sig`);
  if (!sessionId || !signature) return undefined;
  if (!cookieKeys.verify(`${SESSION_COOKIE}=${sessionId}`, signature)) return undefined;
  const session = await sessionStore.get(sessionId);
  if (!session?.userId) return undefined;
  return (await findCurrentUser(session.userId)) ?? undefined;
}
