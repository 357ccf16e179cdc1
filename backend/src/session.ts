import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import session from 'koa-session';
import crypto from 'node:crypto';
import { config } from './config';
import { sharedRedis, redisKey } from './redis';
import { NearCache } from './lib/nearCache';
import { CookieKeys } from './lib/cookieKeys';
import { disconnectSessionSockets } from './events/socketMembership';

/**
 * In production behind https the cookie is `__Host-` prefixed: browsers then take it only when it is Secure,
 * for the whole site (Path=/) and from this host alone (no Domain), so no sibling subdomain can
 * plant or overwrite it.
 */
export const SESSION_COOKIE = config.httpsOnly ? '__Host-ringcast.sid' : 'ringcast.sid';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The sliding lifetime: a session unused this long ends; use extends it (see readSession). */
export const SESSION_MAX_AGE_MS = 14 * DAY_MS;
/** The absolute lifetime: however much it is used, a session ends this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;

export interface SessionData {
  userId?: number;
  /** When the user signed in (epoch ms): the start of the absolute lifetime. */
  createdAt?: number;
}

/** What koa-session keeps in the store: our data plus its expiry bookkeeping. */
type StoredSession = SessionData & { _expire?: number; _maxAge?: number };

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
  async set(id: string, data: StoredSession, maxAge: number | 'session' | undefined): Promise<void> {
    const ttlMs = typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS;
    await sharedRedis().set(storeKey(id), JSON.stringify(data), 'PX', ttlMs);
    await recent.invalidate(id);
  },
  async destroy(id: string): Promise<void> {
    await sharedRedis().del(storeKey(id));
    await recent.invalidate(id);
  },
};

/**
 * Whether a stored session may still be used: signed in, within its sliding expiry, and younger
 * than the absolute lifetime. A session without its sign-in time is not trusted to be young.
 */
export function isLiveSession(data: StoredSession, now = Date.now()): boolean {
  if (!data.userId || typeof data.createdAt !== 'number') return false;
  if (now - data.createdAt >= SESSION_ABSOLUTE_MS) return false;
  return data._expire === undefined || data._expire >= now;
}

/**
 * Whether the session was signed in before its user's password last changed: such a session has
 * ended (a reset signs every other browser out), wherever it is stored.
 */
export function predatesPasswordChange(
  data: SessionData,
  user: { passwordChangedAt?: Date | null },
): boolean {
  if (!user.passwordChangedAt) return false;
  return (data.createdAt ?? 0) < user.passwordChangedAt.getTime();
}

const cookieOptions = {
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.httpsOnly,
  signed: true,
  overwrite: true,
};

const writers = new WeakMap<Koa, Middleware>();

/** Sets the cookie keys and prepares koa-session for the routes that change a session. */
export function installSessions(app: Koa): void {
  // Koa's cookies accept any object with Keygrip's sign/verify/index.
  app.keys = cookieKeys as unknown as string[];
  writers.set(
    app,
    session(
      {
        key: SESSION_COOKIE,
        maxAge: SESSION_MAX_AGE_MS,
        ...cookieOptions,
        rolling: false,
        renew: true,
        store: sessionStore,
        genid: () => crypto.randomBytes(24).toString('base64url'),
      },
      app,
    ),
  );
}

/**
 * koa-session, for the routes that sign in or out. Every other request only reads its session
 * (`readSession`): koa-session builds, hashes and re-hashes a session object per request, which
 * was the largest cost of a signed-in read.
 */
export const writableSession: Middleware = (ctx, next) => {
  const writer = writers.get(ctx.app);
  if (!writer) throw new Error('installSessions(app) must run before routes use writableSession');
  ctx.state.sessionWritable = true;
  return writer(ctx, next);
};

/**
 * Session ids whose signature checked out, by the Cookie header that carried them: a browser sends
 * the same header on every request, and reading the cookie and its signature out of it again
 * (a Cookies object, two regular expressions) was a visible part of a signed-in read.
 */
const verifiedIds = new Map<string, string>();
const MAX_VERIFIED_IDS = 10_000;
/**
 * A browser's usual Cookie header is well under this; a longer one is checked each time, so the
 * map holds at most some 20 MB however a signed-in client pads its cookies.
 */
const MAX_REMEMBERED_HEADER = 2048;

/** The id in the request's signed session cookie, if any (whether or not the session still lives). */
export function sessionIdOf(ctx: Context): string | undefined {
  const header = ctx.get('Cookie');
  const known = verifiedIds.get(header);
  if (known !== undefined) return known;
  const id = ctx.cookies.get(SESSION_COOKIE, { signed: true });
  // Only good signatures are remembered, so forged ones cannot fill the map; nor one that Cookies
  // signed again (an older secret's), so each such request still gets the new signature.
  if (id && header.length <= MAX_REMEMBERED_HEADER && !ctx.res.hasHeader('Set-Cookie')) {
    if (verifiedIds.size >= MAX_VERIFIED_IDS) verifiedIds.clear();
    verifiedIds.set(header, id);
  }
  return id;
}

/** Whether a live session is within half its sliding lifetime of its end, and so is extended when read. */
const dueForRenewal = (data: StoredSession, now: number): data is StoredSession & { _expire: number } =>
  data._expire !== undefined && data._expire - now < SESSION_MAX_AGE_MS / 2;

/**
 * The request's session when this process read it moments ago and it needs nothing done (live,
 * not due for renewal): a signed-in request's usual case, answered without waiting on anything.
 * Otherwise undefined, and readSession decides.
 */
export function sessionReadRecently(ctx: Context): { id: string; data: Readonly<SessionData> } | undefined {
  const id = sessionIdOf(ctx);
  const data = id === undefined ? undefined : (recent.get(id) as StoredSession | undefined);
  const now = Date.now();
  if (!data || !isLiveSession(data, now) || dueForRenewal(data, now)) return undefined;
  return { id: id!, data };
}

/**
 * The request's session, read from the signed cookie and the store. Like koa-session's `renew`,
 * a session with less than half its lifetime left is extended, never past its absolute lifetime.
 * A session past either lifetime is ended.
 */
export async function readSession(ctx: Context): Promise<{ id: string; data: SessionData } | undefined> {
  const id = sessionIdOf(ctx);
  if (!id) return undefined;
  const data = (await sessionStore.get(id)) as StoredSession | undefined;
  if (!data) return undefined;
  const now = Date.now();
  if (!isLiveSession(data, now)) {
    await dropSession(ctx, id);
    return undefined;
  }
  if (dueForRenewal(data, now)) {
    const expire = Math.min(now + SESSION_MAX_AGE_MS, data.createdAt! + SESSION_ABSOLUTE_MS);
    if (expire > data._expire) {
      await sessionStore.set(id, { ...data, _expire: expire, _maxAge: SESSION_MAX_AGE_MS }, expire - now);
      ctx.cookies.set(SESSION_COOKIE, id, { ...cookieOptions, maxAge: expire - now });
    }
  }
  return { id, data };
}

/**
 * Ends a session outside koa-session (its user is gone, or its time is up): removed from the
 * store, its sockets closed, the cookie expired.
 */
export async function dropSession(ctx: Context, id: string): Promise<void> {
  await sessionStore.destroy(id);
  disconnectSessionSockets(id);
  ctx.cookies.set(SESSION_COOKIE, '', { ...cookieOptions, expires: new Date(0) });
}
