import { randomBytes } from 'node:crypto';
import { cookieKeys, SESSION_COOKIE, SESSION_MAX_AGE_MS, sessionStore } from '../../src/session';

/**
 * A signed session cookie for a user, stored as a sign-in would store it but without one: for
 * benchmarks that need many signed-in sockets, not many password hashes.
 */
export async function sessionCookieFor(userId: number): Promise<string> {
  const sid = randomBytes(24).toString('base64url');
  await sessionStore.set(sid, { userId, createdAt: Date.now() }, SESSION_MAX_AGE_MS);
  return `${SESSION_COOKIE}=${sid}; ${SESSION_COOKIE}.sig=${cookieKeys.sign(`${SESSION_COOKIE}=${sid}`)}`;
}
