import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueEmail } from './helpers/client';
import { freePort, spawnApi, type Spawned } from './helpers/processes';

/**
 * The api as production runs it (NODE_ENV=production behind an HTTPS proxy), here as a demo on the
 * sandboxes: what a browser is told about cookies, documents and sandbox mode.
 */
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a production session secret for this test',
  ENCRYPTION_KEY: 'a production encryption key for this test',
  TRUST_PROXY: 'true',
};

let api: Spawned;
let client: TestClient;

beforeAll(async () => {
  const port = await freePort();
  api = await spawnApi(port, {
    ...PRODUCTION,
    ALLOW_SANDBOX: 'true',
    PUBLIC_URL: 'https://ringcast.example',
  });
  client = new TestClient(`http://127.0.0.1:${port}`);
}, 60_000);

afterAll(async () => {
  await api?.stop();
});

/** What the proxy in front adds: the browser spoke HTTPS to https://ringcast.example. */
const viaHttps = { 'X-Forwarded-Proto': 'https', Origin: 'https://ringcast.example' };

describe('production', () => {
  it('refuses to start on a sandbox without ALLOW_SANDBOX, naming the missing keys', async () => {
    const refused = await spawnApi(await freePort(), PRODUCTION).catch((err: Error) => err);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(
      /STRIPE_SECRET_KEY, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, OPENAI_API_KEY, SMTP_URL must be set when NODE_ENV=production/,
    );
  });

  it('names the session cookie __Host- and sends it Secure, for the whole site and this host only', async () => {
    const res = await client.request(
      'POST',
      '/api/register',
      { fullName: 'Prod User', email: uniqueEmail('prod'), password: 'secret123' },
      viaHttps,
    );
    expect(res.status, res.text).toBe(201);
    const cookie = res.setCookies.find((c) => c.startsWith('__Host-ringcast.sid='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; path=\/(;|$)/);
    expect(cookie).toMatch(/; secure(;|$)/);
    expect(cookie).toMatch(/; httponly(;|$)/);
    expect(cookie).not.toMatch(/domain=/i);
    expect(res.setCookies.some((c) => c.startsWith('ringcast.sid'))).toBe(false);
    expect((await client.request('GET', '/api/auth/user', undefined, viaHttps)).status).toBe(200);
  });

  it('refuses a sign-up reaching it over plain http before writing anything, and says to use https', async () => {
    const credentials = { fullName: 'Plain Http', email: uniqueEmail('plainhttp'), password: 'secret123' };
    // A proxy that terminates TLS without sending X-Forwarded-Proto: the api sees plain http.
    const plain = await client.request('POST', '/api/register', credentials, {
      Origin: `http://127.0.0.1:${new URL(client.baseUrl).port}`,
    });
    expect(plain.status, plain.text).toBe(403);
    expect(plain.json).toMatchObject({ code: 'https_required' });
    await expect
      .poll(() => api.output())
      .toMatch(/TRUST_PROXY=true and have the proxy send X-Forwarded-Proto: https/);
    // Nothing was written: the same email signs up over https.
    const secure = await client.request('POST', '/api/register', credentials, viaHttps);
    expect(secure.status, secure.text).toBe(201);
  });

  it('sends the app’s documents with HSTS and a policy that allows no inline or foreign script', async () => {
    for (const path of ['/', '/campaigns', '/no-such-page']) {
      const res = await client.request('GET', path, undefined, viaHttps);
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp, path).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
    // API answers are never rendered as documents.
    const apiAnswer = await client.request('GET', '/api/config', undefined, viaHttps);
    expect(apiAnswer.headers.get('content-security-policy')).toBeNull();
  });

  it('tells every page that it runs on the sandboxes', async () => {
    const res = await client.get('/api/config');
    expect(res.json).toMatchObject({ sandbox: true });
  });
});
