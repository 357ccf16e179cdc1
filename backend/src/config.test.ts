import { describe, expect, it } from 'vitest';
import { loadConfig, SANDBOX_STRIPE_WEBHOOK_SECRET } from './config';

const production = { NODE_ENV: 'production', SESSION_SECRET: 's', ENCRYPTION_KEY: 'k' };

describe('Stripe settings', () => {
  it('uses the sandbox and its development webhook secret without a secret key', () => {
    const config = loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_ignored' });
    expect(config.stripeSecretKey).toBeUndefined();
    expect(config.stripePublishableKey).toBeUndefined();
    expect(config.stripeWebhookSecret).toBe(SANDBOX_STRIPE_WEBHOOK_SECRET);
  });

  it('takes real keys as given', () => {
    const config = loadConfig({
      ...production,
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(config).toMatchObject({
      stripeSecretKey: 'sk_live_x',
      stripePublishableKey: 'pk_live_x',
      stripeWebhookSecret: 'whsec_x',
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
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: SANDBOX_STRIPE_WEBHOOK_SECRET }),
    ).toThrow(/sandbox development secret/);
    // Outside production a missing webhook secret is allowed: every webhook is then refused.
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }).stripeWebhookSecret).toBeUndefined();
  });
});
