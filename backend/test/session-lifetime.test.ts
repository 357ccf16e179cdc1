import { describe, expect, it } from 'vitest';
import { registeredClient } from './helpers/client';
import { useTestApi } from './helpers/server';
import { sharedRedis, redisKey } from '../src/redis';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, SESSION_MAX_AGE_MS, sessionStore } from '../src/session';
import { User } from '../src/db/models';

const api = useTestApi();

const sessionIdOf = (cookieHeader: string) =>
  new RegExp(`${SESSION_COOKIE.replace('.', '\\.')}=([^;]+)`).exec(cookieHeader)![1];
const storeKey = (id: string) => redisKey('sess', id);

type Stored = { userId?: number; createdAt?: number; _expire?: number };

async function storedSession(id: string) {
  const raw = await sharedRedis().get(storeKey(id));
  return raw ? (JSON.parse(raw) as Stored) : null;
}

/** Rewrites the stored session (through the store, so every process's near cache drops its copy). */
async function rewriteSession(id: string, change: (data: Stored) => Stored) {
  const data = (await storedSession(id))!;
  await sessionStore.set(id, change(data), SESSION_MAX_AGE_MS);
}

/** Rewrites the stored session's expiry, as if it had been last extended long ago. */
const ageSession = (id: string, expiresInMs: number) =>
  rewriteSession(id, (data) => ({ ...data, _expire: Date.now() + expiresInMs }));

const DAY_MS = 24 * 60 * 60 * 1000;

describe('session lifetime', () => {
  it('extends a session with less than half its lifetime left, and leaves a fresh one alone', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const id = sessionIdOf(client.cookieHeader);

    const fresh = await client.get('/api/auth/user');
    expect(fresh.status).toBe(200);
    expect(fresh.setCookies).toEqual([]);

    await ageSession(id, 24 * 60 * 60 * 1000);
    const renewed = await client.get('/api/auth/user');
    expect(renewed.status).toBe(200);
    expect(renewed.setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=${id}`))).toBe(true);
    expect((await storedSession(id))!._expire!).toBeGreaterThan(Date.now() + SESSION_MAX_AGE_MS - 60_000);
  });

  it('refuses a session past its expiry', async () => {
    const { client } = await registeredClient(api.baseUrl);
    await ageSession(sessionIdOf(client.cookieHeader), -1000);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('ends the session of a user who no longer exists', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const id = sessionIdOf(client.cookieHeader);
    await User.destroy({ where: { id: user.id } });
    const res = await client.get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(await storedSession(id)).toBeNull();
    expect(res.setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
  });

  it('a sign-in replaces the old session id and sign-out removes it from the store', async () => {
    const { client, credentials } = await registeredClient(api.baseUrl);
    const first = sessionIdOf(client.cookieHeader);
    expect(
      (await client.post('/api/login', { email: credentials.email, password: credentials.password })).status,
    ).toBe(200);
    const second = sessionIdOf(client.cookieHeader);
    expect(second).not.toBe(first);
    expect(await storedSession(first)).toBeNull();
    expect((await client.post('/api/logout')).status).toBe(204);
    expect(await storedSession(second)).toBeNull();
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('signs in with the time it started, and ends the session 30 days later however much it is used', async () => {
    const before = Date.now();
    const { client } = await registeredClient(api.baseUrl);
    const id = sessionIdOf(client.cookieHeader);
    expect((await storedSession(id))!.createdAt).toBeGreaterThanOrEqual(before);

    // Used the day before: its sliding expiry is far off, but it began 30 days ago.
    await rewriteSession(id, (data) => ({
      ...data,
      createdAt: Date.now() - SESSION_ABSOLUTE_MS - 1000,
      _expire: Date.now() + SESSION_MAX_AGE_MS,
    }));
    const res = await client.get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(await storedSession(id)).toBeNull();
    expect(res.setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
  });

  it('never extends a session past its absolute lifetime', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const id = sessionIdOf(client.cookieHeader);
    const createdAt = Date.now() - 25 * DAY_MS;
    await rewriteSession(id, (data) => ({ ...data, createdAt, _expire: Date.now() + DAY_MS }));

    const renewed = await client.get('/api/auth/user');
    expect(renewed.status).toBe(200);
    expect((await storedSession(id))!._expire).toBe(createdAt + SESSION_ABSOLUTE_MS);
    const cookie = renewed.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=${id}`))!;
    const expires = Date.parse(/expires=([^;]+)/.exec(cookie)![1]!);
    expect(Math.abs(expires - (createdAt + SESSION_ABSOLUTE_MS))).toBeLessThan(5000);
    // Within its last stretch, every use finds nothing more to extend.
    expect((await client.get('/api/auth/user')).setCookies).toEqual([]);
  });

  it('refuses a session that does not say when it began', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const id = sessionIdOf(client.cookieHeader);
    await rewriteSession(id, ({ createdAt: _createdAt, ...data }) => data);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect(await storedSession(id)).toBeNull();
  });
});
