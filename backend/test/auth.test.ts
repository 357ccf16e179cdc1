import { describe, expect, it } from 'vitest';
import { TestClient, registeredClient, uniqueEmail } from './helpers/client';
import { useTestApi } from './helpers/server';
import { User } from '../src/db/models';
import { SIGN_IN_THROTTLE } from '../src/lib/limits';

const api = useTestApi();

const client = () => new TestClient(api.baseUrl);

describe('POST /api/register', () => {
  it.each([
    [
      { fullName: 'A', email: 'ok@example.com', password: 'secret1' },
      'fullName',
      'Full name must be at least 2 characters',
    ],
    [
      { fullName: 'Ada Lovelace', email: 'not-an-email', password: 'secret1' },
      'email',
      'Please enter a valid email',
    ],
    [{ fullName: 'Ada Lovelace', email: '', password: 'secret1' }, 'email', 'Please enter a valid email'],
    [
      { fullName: 'Ada Lovelace', email: 'ok@example.com', password: '12345' },
      'password',
      'Password must be at least 6 characters',
    ],
  ])('rejects %j with the spec message on %s', async (body, field, message) => {
    const res = await client().post('/api/register', body);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('invalid');
    expect(res.json.fields?.[field]).toBe(message);
    expect(res.json.error).toBe(message);
  });

  it('creates the user, splits the name, signs in, and never returns secrets', async () => {
    const c = client();
    const email = uniqueEmail('ada');
    const res = await c.post('/api/register', {
      fullName: '  Ada  King Lovelace ',
      email: email.toUpperCase(),
      password: 'secret1',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ firstName: 'Ada', lastName: 'King Lovelace', email, isAdmin: false });
    expect(res.text).not.toMatch(/passwordHash|argon2/);
    const session = res.setCookies.find((c) => c.startsWith('ringcast.sid='));
    expect(session).toMatch(/httponly/i);
    expect(session).toMatch(/samesite=lax/i);

    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(email);
    const probe = await c.get('/api/auth/session');
    expect(probe.status).toBe(200);
    expect(probe.json).toEqual({ user: me.json });

    const stored = await User.findOne({ where: { email } });
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers 409 for a taken email, whatever its case', async () => {
    const { credentials } = await registeredClient(api.baseUrl);
    const res = await client().post('/api/register', {
      ...credentials,
      email: credentials.email.toUpperCase(),
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe('An account with this email already exists.');
    expect(await User.count({ where: { email: credentials.email } })).toBe(1);
  });
});

describe('POST /api/login', () => {
  it.each([
    [{ email: 'bad', password: 'x' }, 'email', 'Please enter a valid email'],
    [{ email: 'ok@example.com', password: '' }, 'password', 'Password is required'],
    [{ email: 'ok@example.com' }, 'password', 'Password is required'],
  ])('rejects %j with the spec message', async (body, field, message) => {
    const res = await client().post('/api/login', body);
    expect(res.status).toBe(400);
    expect(res.json.fields?.[field]).toBe(message);
  });

  it('signs in with the right password and not with a wrong one', async () => {
    const { credentials } = await registeredClient(api.baseUrl);
    const wrong = client();
    const bad = await wrong.post('/api/login', { email: credentials.email, password: 'wrong-password' });
    expect(bad.status).toBe(401);
    expect(bad.json.error).toBe('Invalid email or password');
    expect((await wrong.get('/api/auth/user')).status).toBe(401);

    const right = client();
    const ok = await right.post('/api/login', { email: credentials.email, password: credentials.password });
    expect(ok.status).toBe(200);
    expect((await right.get('/api/auth/user')).json.email).toBe(credentials.email);
  });

  it('answers 429 after repeated failures for one email from one address, even with the right password', async () => {
    const { credentials } = await registeredClient(api.baseUrl);
    for (let i = 0; i < SIGN_IN_THROTTLE.pairAttempts; i++) {
      expect(
        (await client().post('/api/login', { email: credentials.email, password: `wrong-${i}` })).status,
      ).toBe(401);
    }
    const blocked = await client().post('/api/login', credentials);
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe('too_many_attempts');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('does not reveal whether an email exists', async () => {
    const res = await client().post('/api/login', { email: uniqueEmail('ghost'), password: 'whatever1' });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe('Invalid email or password');
  });
});

describe('signed-out access and logout', () => {
  it('GET /api/auth/user is 401 when signed out', async () => {
    const res = await client().get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: 'You are not signed in', code: 'unauthenticated' });
  });

  it('GET /api/auth/session answers 200 with no user when signed out: the web app probe is no error', async () => {
    const res = await client().get('/api/auth/session');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ user: null });
  });

  it('logout ends the session, also for a copied cookie', async () => {
    const { client: c } = await registeredClient(api.baseUrl);
    const copy = new TestClient(api.baseUrl);
    const stolenCookie = c.cookieHeader;
    expect((await c.post('/api/logout')).status).toBe(204);
    expect((await c.get('/api/auth/user')).status).toBe(401);
    const replay = await copy.request('GET', '/api/auth/user', undefined, { Cookie: stolenCookie });
    expect(replay.status).toBe(401);
  });

  it('a forged session cookie is not accepted', async () => {
    const { client: c } = await registeredClient(api.baseUrl);
    const forged = c.cookieHeader.replace(/ringcast\.sid\.sig=[^;]+/, 'ringcast.sid.sig=forged');
    const res = await client().request('GET', '/api/auth/user', undefined, { Cookie: forged });
    expect(res.status).toBe(401);
  });

  it('GET /api/logout and /api/login redirect for full-page navigations', async () => {
    const { client: c } = await registeredClient(api.baseUrl);
    const out = await c.get('/api/logout');
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/');
    expect((await c.get('/api/auth/user')).status).toBe(401);
    const login = await client().get('/api/login');
    expect(login.headers.get('location')).toBe('/login');
  });
});

describe('the signed-in user cache', () => {
  it('a change to the user shows on the next request', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    expect((await client.get('/api/auth/user')).json.companyName).toBeNull();
    const row = await User.findByPk(user.id, { rejectOnEmpty: true });
    await row.update({ companyName: 'Acme Dental' });
    expect((await client.get('/api/auth/user')).json.companyName).toBe('Acme Dental');
    await User.update({ companyName: 'Acme Dental Group' }, { where: { id: user.id } });
    expect((await client.get('/api/auth/user')).json.companyName).toBe('Acme Dental Group');
  });

  it('a deleted user is signed out', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    await User.destroy({ where: { id: user.id } });
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });
});
