import type Koa from 'koa';
import session from 'koa-session';
import crypto from 'node:crypto';
import { config } from './config';
import { sharedRedis, redisKey } from './redis';
import { NearCache } from './services/nearCache';
import { CookieKeys } from './services/cookieKeys';

export const SESSION_COOKIE = 'ringcast.sid';
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

export interface SessionData {
  userId?: number;
}

const storeKey = (id: string) => redisKey('sess', id);

/** Signs the session cookie; the socket handshake checks it with the same keys. */
export const cookieKeys = new CookieKeys([config.sessionSecret]);
const recent = new NearCache<SessionData>('session');

/**
 * Sessions live in Redis so any api copy can serve any request and a restart signs nobody out.
 * A recently read session is also held in memory for a few seconds; a change or sign-out drops
 * it in every process.
 */
export const sessionStore = {
  async get(id: string): Promise<SessionData | undefined> {
    const cached = recent.get(id);
    if (cached) return { ...cached };
    const raw = await sharedRedis().get(storeKey(id));
    if (!raw) return undefined;
    const data = JSON.parse(raw) as SessionData;
    recent.set(id, data);
    return { ...data };
  },
  async set(id: string, data: SessionData, maxAge: number | 'session' | undefined): Promise<void> {
    const ttlMs = typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS;
    await sharedRedis().set(storeKey(id), JSON.stringify(data), 'PX', ttlMs);
    await recent.invalidate(id);
  },
  async destroy(id: string): Promise<void> {
    await sharedRedis().del(storeKey(id));
    await recent.invalidate(id);
  },
};

export function sessionMiddleware(app: Koa) {
  // Koa's cookies accept any object with Keygrip's sign/verify/index.
  app.keys = cookieKeys as unknown as string[];
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure: config.isProduction,
      signed: true,
      rolling: false,
      renew: true,
      store: sessionStore,
      genid: () => crypto.randomBytes(24).toString('base64url'),
    },
    app,
  );
}
