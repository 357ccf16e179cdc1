import type Koa from 'koa';
import session from 'koa-session';
import crypto from 'node:crypto';
import { config } from './config';
import { sharedRedis, redisKey } from './redis';

export const SESSION_COOKIE = 'ringcast.sid';
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

export interface SessionData {
  userId?: number;
}

const storeKey = (id: string) => redisKey('sess', id);

/** Sessions live in Redis so any api copy can serve any request and a restart signs nobody out. */
export const sessionStore = {
  async get(id: string): Promise<SessionData | undefined> {
    const raw = await sharedRedis().get(storeKey(id));
    return raw ? (JSON.parse(raw) as SessionData) : undefined;
  },
  async set(id: string, data: SessionData, maxAge: number | 'session' | undefined): Promise<void> {
    const ttlMs = typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS;
    await sharedRedis().set(storeKey(id), JSON.stringify(data), 'PX', ttlMs);
  },
  async destroy(id: string): Promise<void> {
    await sharedRedis().del(storeKey(id));
  },
};

export function sessionMiddleware(app: Koa) {
  app.keys = [config.sessionSecret];
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
