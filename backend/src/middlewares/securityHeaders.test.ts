import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './securityHeaders';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('the documents’ Content-Security-Policy', () => {
  it('runs only our own scripts, in no frame, with nothing from Stripe in sandbox mode', () => {
    const policy = contentSecurityPolicy({ stripeJs: false });
    expect(directive(policy, 'script-src')).toEqual(["'self'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-src')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(policy).not.toContain('stripe');
  });

  it('lets Stripe.js load, call Stripe and show its frames when real Stripe keys are set', () => {
    const policy = contentSecurityPolicy({ stripeJs: true });
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(directive(policy, 'frame-src')).toEqual([
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
  });
});
