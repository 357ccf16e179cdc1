import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 's',
  ENCRYPTION_KEY: 'k',
  OPENAI_API_KEY: 'sk-openai',
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: '0123456789abcdef0123456789abcdef',
  SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
  MAIL_FROM: 'Ringcast <no-reply@example.com>',
};
const stripeKeys = {
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

describe('production and the sandboxes', () => {
  it('refuses to start in production on a sandbox, naming every missing provider key', () => {
    const { OPENAI_API_KEY: _openai, TWILIO_AUTH_TOKEN: _token, ...withoutSome } = production;
    expect(() => loadConfig({ ...withoutSome, ...stripeKeys })).toThrow(
      /^TWILIO_AUTH_TOKEN, OPENAI_API_KEY must be set when NODE_ENV=production.*ALLOW_SANDBOX=true/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's', ENCRYPTION_KEY: 'k' })).toThrow(
      /^STRIPE_SECRET_KEY, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, OPENAI_API_KEY, SMTP_URL must be set/,
    );
    expect(loadConfig({ ...production, ...stripeKeys })).toMatchObject({
      isProduction: true,
      allowSandbox: false,
      sandboxes: { openai: false, stripe: false, mail: false },
    });
  });

  it('runs production on the sandboxes only when ALLOW_SANDBOX=true says so', () => {
    const demo = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 's',
      ENCRYPTION_KEY: 'k',
      ALLOW_SANDBOX: 'true',
    });
    expect(demo).toMatchObject({ allowSandbox: true, sandboxes: { openai: true, stripe: true } });
    expect(() => loadConfig({ ...production, ALLOW_SANDBOX: 'false' })).toThrow(
      /STRIPE_SECRET_KEY must be set/,
    );
    // Outside production the sandboxes need no permission.
    expect(loadConfig({}).sandboxes).toEqual({ openai: true, stripe: true, twilio: true, mail: true });
  });

  it('sends mail through SMTP_URL, or to the mail sandbox without it', () => {
    const { SMTP_URL: _smtp, ...withoutSmtp } = production;
    expect(() => loadConfig({ ...withoutSmtp, ...stripeKeys })).toThrow(/^SMTP_URL must be set/);
    const { MAIL_FROM: _from, ...withoutFrom } = production;
    expect(() => loadConfig({ ...withoutFrom, ...stripeKeys })).toThrow(
      'MAIL_FROM must be set when SMTP_URL is set and NODE_ENV=production',
    );
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/^SMTP_URL must be an smtp/);
    expect(loadConfig({ PUBLIC_URL: 'https://app.example.com', MAIL_SANDBOX_PORT: '0' })).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Ringcast <no-reply@app.example.com>',
      mailSandboxPort: 0,
      sandboxes: { mail: true },
    });
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:25' }).sandboxes.mail).toBe(false);
  });

  it('gives each deployment its own Stripe sandbox keys, derived from SESSION_SECRET', () => {
    const one = loadConfig({ SESSION_SECRET: 'one' }).stripeSandbox;
    expect(one).toEqual(loadConfig({ SESSION_SECRET: 'one' }).stripeSandbox);
    expect(one.secretKey).toMatch(/^sk_sandbox_[0-9a-f]{32}$/);
    expect(one.publishableKey).toMatch(/^pk_sandbox_[0-9a-f]{32}$/);
    expect(one.webhookSecret).toMatch(/^whsec_sandbox_[0-9a-f]{32}$/);
    const two = loadConfig({ SESSION_SECRET: 'two' }).stripeSandbox;
    expect(two.secretKey).not.toBe(one.secretKey);
    expect(two.publishableKey).not.toBe(one.publishableKey);
    expect(two.webhookSecret).not.toBe(one.webhookSecret);
  });
});

describe('encryption keys', () => {
  it('writes with ENCRYPTION_KEY and also reads with the ENCRYPTION_KEYS_OLD list', () => {
    const config = loadConfig({ ENCRYPTION_KEY: 'new', ENCRYPTION_KEYS_OLD: ' older , old,,new ' });
    expect(config.encryptionKey).toBe('new');
    expect(config.encryptionKeysOld).toEqual(['older', 'old']);
    expect(loadConfig({}).encryptionKeysOld).toEqual([]);
  });
});

describe('services', () => {
  it('runs the api and the relay unless told otherwise', () => {
    expect(loadConfig({}).services).toEqual({ api: true, relay: true });
    expect(loadConfig({ SERVICES: 'relay' }).services).toEqual({ api: false, relay: true });
    expect(loadConfig({ SERVICES: ' API , relay ' }).services).toEqual({ api: true, relay: true });
  });

  it('refuses an unknown or empty list', () => {
    expect(() => loadConfig({ SERVICES: 'api,worker' })).toThrow(/SERVICES must list api and\/or relay/);
    expect(() => loadConfig({ SERVICES: ',' })).toThrow(/SERVICES must list/);
  });
});

describe('Stripe settings', () => {
  it('uses the sandbox and its webhook secret without a secret key', () => {
    const config = loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_ignored' });
    expect(config.stripeSecretKey).toBeUndefined();
    expect(config.stripePublishableKey).toBeUndefined();
    expect(config.stripeWebhookSecret).toBe(config.stripeSandbox.webhookSecret);
    expect(config.sandboxes).toEqual({ openai: true, stripe: true, twilio: true, mail: true });
  });

  it('takes real keys as given', () => {
    const config = loadConfig({ ...production, ...stripeKeys });
    expect(config).toMatchObject({
      stripeSecretKey: 'sk_live_x',
      stripePublishableKey: 'pk_live_x',
      stripeWebhookSecret: 'whsec_x',
      sandboxes: { openai: false, stripe: false },
    });
  });

  it('refuses to start in production with a secret key but no webhook secret or publishable key', () => {
    expect(() =>
      loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET must be set/);
    expect(() =>
      loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    ).toThrow(/STRIPE_PUBLISHABLE_KEY must be set/);
  });

  it('never verifies real webhooks with the sandbox secret', () => {
    const sandboxSecret = loadConfig({}).stripeSandbox.webhookSecret;
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: sandboxSecret }),
    ).toThrow(/Stripe sandbox's secret/);
    // Outside production a missing webhook secret is allowed: every webhook is then refused.
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }).stripeWebhookSecret).toBeUndefined();
  });
});

describe('Twilio settings', () => {
  it('uses the sandbox without an Account SID, with a platform account derived from SESSION_SECRET', () => {
    const config = loadConfig({ SESSION_SECRET: 'one', TWILIO_AUTH_TOKEN: 'ignored-without-a-sid' });
    expect(config.twilioAccountSid).toBeUndefined();
    expect(config.twilioAuthToken).toBeUndefined();
    expect(config.twilioSandboxAccount.accountSid).toMatch(/^AC[0-9a-f]{32}$/);
    expect(config.twilioSandboxAccount.authToken).toMatch(/^[0-9a-f]{32}$/);
    // The same deployment always derives the same account; another secret, another account.
    expect(loadConfig({ SESSION_SECRET: 'one' }).twilioSandboxAccount).toEqual(config.twilioSandboxAccount);
    expect(loadConfig({ SESSION_SECRET: 'two' }).twilioSandboxAccount.accountSid).not.toBe(
      config.twilioSandboxAccount.accountSid,
    );
  });

  it('takes a real account as given, and refuses a SID without its token or not shaped like one', () => {
    const sid = `AC${'a1'.repeat(16)}`;
    expect(loadConfig({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'token' })).toMatchObject({
      twilioAccountSid: sid,
      twilioAuthToken: 'token',
    });
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: sid })).toThrow(/TWILIO_AUTH_TOKEN must be set/);
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 'token' })).toThrow(
      /TWILIO_ACCOUNT_SID/,
    );
  });

  it('reads SANDBOX_TIME_SCALE as a positive number, 1 by default', () => {
    expect(loadConfig({}).sandboxTimeScale).toBe(1);
    expect(loadConfig({ SANDBOX_TIME_SCALE: '50' }).sandboxTimeScale).toBe(50);
    expect(loadConfig({ SANDBOX_TIME_SCALE: '0.5' }).sandboxTimeScale).toBe(0.5);
    expect(() => loadConfig({ SANDBOX_TIME_SCALE: '0' })).toThrow(/SANDBOX_TIME_SCALE/);
    expect(() => loadConfig({ SANDBOX_TIME_SCALE: 'fast' })).toThrow(/SANDBOX_TIME_SCALE/);
  });
});

describe('https only', () => {
  it('holds for production behind an https PUBLIC_URL, not for plain http (the local Docker stack)', () => {
    const keys = { ...production, ...stripeKeys };
    expect(loadConfig({ ...keys, PUBLIC_URL: 'https://ringcast.example' }).httpsOnly).toBe(true);
    expect(loadConfig({ ...keys, PUBLIC_URL: 'http://localhost:3000' }).httpsOnly).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://ringcast.example' }).httpsOnly).toBe(false);
  });
});

describe('DEMO_VIDEO_URL', () => {
  it('is unset unless given, and must be an http(s) address', () => {
    expect(loadConfig({}).demoVideoUrl).toBeUndefined();
    expect(loadConfig({ DEMO_VIDEO_URL: 'https://videos.example/ringcast-demo' }).demoVideoUrl).toBe(
      'https://videos.example/ringcast-demo',
    );
    expect(() => loadConfig({ DEMO_VIDEO_URL: 'javascript:alert(1)' })).toThrow(/DEMO_VIDEO_URL/);
    expect(() => loadConfig({ DEMO_VIDEO_URL: 'not a url' })).toThrow(/DEMO_VIDEO_URL/);
  });
});

describe('database connections', () => {
  it('opens at most DB_POOL_MAX database connections per process, 30 unless set', () => {
    expect(loadConfig({}).databasePoolMax).toBe(30);
    expect(loadConfig({ DB_POOL_MAX: '12' }).databasePoolMax).toBe(12);
    expect(() => loadConfig({ DB_POOL_MAX: '0' })).toThrow(/DB_POOL_MAX must be at least 1/);
  });
});

describe('rate limits', () => {
  it('reads RATE_LIMIT_SCALE and SCRIPT_GENERATIONS_PER_HOUR, refusing what is not a positive number', () => {
    expect(loadConfig({})).toMatchObject({ rateLimitScale: 1, scriptGenerationsPerHour: 300 });
    expect(loadConfig({ RATE_LIMIT_SCALE: '100', SCRIPT_GENERATIONS_PER_HOUR: '50' })).toMatchObject({
      rateLimitScale: 100,
      scriptGenerationsPerHour: 50,
    });
    expect(() => loadConfig({ RATE_LIMIT_SCALE: '0' })).toThrow(/RATE_LIMIT_SCALE must be a positive number/);
    expect(() => loadConfig({ SCRIPT_GENERATIONS_PER_HOUR: '0' })).toThrow(
      /SCRIPT_GENERATIONS_PER_HOUR must be at least 1/,
    );
  });
});

describe('webhook settings', () => {
  it('allows local receivers in development and tests, never in production', () => {
    expect(loadConfig({}).webhooks.allowPrivate).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).webhooks.allowPrivate).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'false' }).webhooks.allowPrivate).toBe(false);
    expect(loadConfig({ ...production, ...stripeKeys }).webhooks.allowPrivate).toBe(false);
    expect(() => loadConfig({ ...production, ...stripeKeys, WEBHOOK_ALLOW_PRIVATE: 'true' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE=true is refused when NODE_ENV=production/,
    );
  });

  it('retries from WEBHOOK_RETRY_BASE_SECONDS for WEBHOOK_RETRY_HOURS, a minute for 3 days by default', () => {
    expect(loadConfig({}).webhooks).toMatchObject({
      retryBaseMs: 60_000,
      retryForMs: 72 * 3_600_000,
      timeoutMs: 10_000,
    });
    expect(
      loadConfig({ WEBHOOK_RETRY_BASE_SECONDS: '0.5', WEBHOOK_RETRY_HOURS: '1' }).webhooks,
    ).toMatchObject({
      retryBaseMs: 500,
      retryForMs: 3_600_000,
    });
    expect(() => loadConfig({ WEBHOOK_RETRY_HOURS: '0' })).toThrow(
      /WEBHOOK_RETRY_HOURS must be a positive number/,
    );
  });
});
