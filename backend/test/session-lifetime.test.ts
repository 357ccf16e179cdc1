import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredClient } from './helpers/client';
import { startTestApi } from './helpers/server';
import { sharedRedis, redisKey } from '../src/redis';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from '../src/session';
import { User } from '../src/db/models';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const sessionIdOf = (cookieHeader: string) =>
  new RegExp(`${SESSION_COOKIE.replace('.', '\\.')}=([^;]+)`).exec(cookieHeader)![1];
const storeKey = (id: string) => redisKey('sess', id);

async function storedSession(id: string) {
  const raw = await sharedRedis().get(storeKey(id));
  return raw ? (JSON.parse(raw) as { userId?: number; _expire?: number }) : null;
}

/** Rewrites the stored session's expiry, as if it had been created long ago. */
async function ageSession(id: string, expiresInMs: number) {
  const data = (await storedSession(id))!;
  await sharedRedis().set(
    storeKey(id),
    JSON.stringify({ ...data, _expire: Date.now() + expiresInMs }),
    'PX',
    SESSION_MAX_AGE_MS,
  );
  // Other processes may hold it in memory for a moment; the near cache listens for this.
  const { sessionStore } = await import('../src/session');
  await sessionStore.set(id, { ...data, _expire: Date.now() + expiresInMs }, SESSION_MAX_AGE_MS);
}

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
});
