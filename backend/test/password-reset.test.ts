import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, RESET_LINK_MESSAGES } from '@ringcast/shared-types';
import { PasswordResetToken, User } from '../src/db/models';
import { issuePasswordResetToken } from '../src/services/passwordReset';
import { TestClient, registeredClient, uniqueEmail } from './helpers/client';
import { useTestApi } from './helpers/server';
import { waitFor } from './helpers/sockets';

const api = useTestApi();
const client = () => new TestClient(api.baseUrl);
const NEW_PASSWORD = 'brand-new-pass';

/** A user with a reset token, issued as the forgot-password request issues one. */
async function userWithToken() {
  const owner = await registeredClient(api.baseUrl);
  const { token, row } = await issuePasswordResetToken(owner.user.id);
  return { ...owner, token, row };
}

const reset = (c: TestClient, token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  c.post('/api/auth/reset-password', { token, password, confirmPassword });

describe('POST /api/auth/forgot-password', () => {
  it('answers 200 with the same body whether or not the email has an account', async () => {
    const { credentials, user } = await registeredClient(api.baseUrl);
    const known = await client().post('/api/auth/forgot-password', {
      email: credentials.email.toUpperCase(),
    });
    const unknown = await client().post('/api/auth/forgot-password', { email: uniqueEmail('nobody') });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(unknown.text).toBe(known.text);
    // The known address got a link (stored hashed, made just after the answer); the unknown one none.
    const tokens = await waitFor(
      async () => {
        const rows = await PasswordResetToken.findAll({ where: { userId: user.id } });
        return rows.length > 0 && rows;
      },
      5_000,
      'the reset token',
    );
    expect(tokens).toHaveLength(1);
    expect(tokens[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const inAnHour = Date.now() + 60 * 60_000;
    expect(Math.abs(tokens[0].expiresAt.getTime() - inAnHour)).toBeLessThan(60_000);
  });

  it('refuses an address that is not an email, with the spec message', async () => {
    const res = await client().post('/api/auth/forgot-password', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.json.fields?.email).toBe('Please enter a valid email');
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password and signs this browser in, as a login does', async () => {
    const { credentials, token } = await userWithToken();
    const browser = client();
    const res = await reset(browser, token);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ email: credentials.email });
    expect(res.text).not.toMatch(/passwordHash|passwordChangedAt/);
    expect((await browser.get('/api/auth/user')).json.email).toBe(credentials.email);

    const old = await client().post('/api/login', credentials);
    expect(old.status).toBe(401);
    const fresh = await client().post('/api/login', { email: credentials.email, password: NEW_PASSWORD });
    expect(fresh.status).toBe(200);
  });

  it('ends every other session of the user and closes their sockets', async () => {
    const { client: before, credentials, token, user } = await userWithToken();
    const otherBrowser = client();
    expect((await otherBrowser.post('/api/login', credentials)).status).toBe(200);
    const socket = await api.openSocket(otherBrowser);
    let closed = false;
    socket.on('disconnect', () => (closed = true));
    const stranger = await registeredClient(api.baseUrl);

    const browser = client();
    expect((await reset(browser, token)).status).toBe(200);

    expect((await before.get('/api/auth/user')).status).toBe(401);
    expect((await otherBrowser.get('/api/auth/user')).status).toBe(401);
    await waitFor(() => closed, 5_000, 'the other session socket to close');
    // A socket cannot come back on an ended session.
    await expect(api.openSocket(otherBrowser)).rejects.toThrow();
    expect((await browser.get('/api/auth/user')).json.id).toBe(user.id);
    expect((await stranger.client.get('/api/auth/user')).status).toBe(200);
    // Signing in again after the change works as ever.
    const again = client();
    expect((await again.post('/api/login', { ...credentials, password: NEW_PASSWORD })).status).toBe(200);
    expect((await again.get('/api/auth/user')).status).toBe(200);
  });

  it('refuses a wrong token, and a used one, with a message saying so', async () => {
    const { token } = await userWithToken();
    const wrong = await reset(client(), 'x'.repeat(43));
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe(RESET_LINK_MESSAGES.invalid);

    expect((await reset(client(), token)).status).toBe(200);
    const reused = await reset(client(), token, 'another-pass');
    expect(reused.status).toBe(400);
    expect(reused.json.error).toBe(RESET_LINK_MESSAGES.used);
  });

  it('refuses an expired token and leaves the password as it was', async () => {
    const { credentials, row, token } = await userWithToken();
    await row.update({ expiresAt: new Date(Date.now() - 1000) });
    const res = await reset(client(), token);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(RESET_LINK_MESSAGES.expired);
    expect((await client().post('/api/login', credentials)).status).toBe(200);
  });

  it('a changed password also voids every other link sent to the user', async () => {
    const { user, token } = await userWithToken();
    const second = await issuePasswordResetToken(user.id);
    expect((await reset(client(), token)).status).toBe(200);
    const res = await reset(client(), second.token);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(RESET_LINK_MESSAGES.used);
  });

  it('of two requests with one link at once, one changes the password', async () => {
    const { token } = await userWithToken();
    const results = await Promise.all([
      reset(client(), token, 'first-pass'),
      reset(client(), token, 'second-pass'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it("checks the new password with the sign-up form's rules and messages", async () => {
    const { token, credentials } = await userWithToken();
    const short = await reset(client(), token, '12345');
    expect(short.status).toBe(400);
    expect(short.json.fields?.password).toBe('Password must be at least 6 characters');
    const mismatch = await reset(client(), token, 'secret-one', 'secret-two');
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.fields?.confirmPassword).toBe("Passwords don't match");
    // Refused before the token was looked at: it still works.
    expect((await reset(client(), token)).status).toBe(200);
    const stored = await User.findOne({ where: { email: credentials.email } });
    expect(stored?.passwordChangedAt).toBeInstanceOf(Date);
  });
});
