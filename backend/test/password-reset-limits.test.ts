import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '@ringcast/shared-types';
import { RATE_LIMITS } from '../src/lib/limits';
import { uniqueEmail } from './helpers/client';
import { useTestApiFromAddresses } from './helpers/server';

// Each test acts from addresses of its own, at the limits' real numbers.
const { newAddress, at, registeredAt } = useTestApiFromAddresses(35);

type Response = Awaited<ReturnType<ReturnType<typeof at>['request']>>;

function expectRefused(res: Response, message: RegExp, windowSeconds: number) {
  expect(res.status, res.text).toBe(429);
  expect(res.json.code).toBe('too_many_attempts');
  expect(res.json.error).toMatch(message);
  const retryAfter = Number(res.headers.get('Retry-After'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

const forgot = (address: string, email: string) => at(address).post('/api/auth/forgot-password', { email });

describe('password reset rate limits', () => {
  it('reset links: 10 an hour per address, whatever the emails', async () => {
    const address = newAddress();
    const { points, windowSeconds } = RATE_LIMITS.forgotPasswordPerAddress;
    for (let i = 0; i < points; i++) {
      const res = await forgot(address, uniqueEmail('many'));
      expect(res.status, res.text).toBe(200);
    }
    expectRefused(
      await forgot(address, uniqueEmail('many')),
      /^Too many password reset requests from your network\. Please try again in \d+ minutes?\.$/,
      windowSeconds,
    );
    expect((await forgot(newAddress(), uniqueEmail('many'))).status).toBe(200);
  });

  it('reset links: 5 an hour per email from any addresses, alike for an email with or without an account', async () => {
    const { points, windowSeconds } = RATE_LIMITS.forgotPasswordPerEmail;
    const { credentials } = await registeredAt(newAddress());
    for (const email of [credentials.email, uniqueEmail('nobody')]) {
      for (let i = 0; i < points; i++) {
        const res = await forgot(newAddress(), i % 2 ? email.toUpperCase() : email);
        expect(res.status, res.text).toBe(200);
        expect(res.json).toEqual({ message: FORGOT_PASSWORD_ANSWER });
      }
      expectRefused(
        await forgot(newAddress(), email),
        /^Too many password reset requests for this email\. Please try again in \d+ minutes?\.$/,
        windowSeconds,
      );
    }
  });

  it('a request refused for its email costs its address nothing', async () => {
    const email = uniqueEmail('spent');
    for (let i = 0; i < RATE_LIMITS.forgotPasswordPerEmail.points; i++) {
      expect((await forgot(newAddress(), email)).status).toBe(200);
    }
    const address = newAddress();
    for (let i = 0; i < 3; i++) expect((await forgot(address, email)).status).toBe(429);
    for (let i = 0; i < RATE_LIMITS.forgotPasswordPerAddress.points; i++) {
      expect((await forgot(address, uniqueEmail('fresh'))).status).toBe(200);
    }
  });

  it('new passwords: 20 an hour per address, wrong tokens included', async () => {
    const address = newAddress();
    const { points, windowSeconds } = RATE_LIMITS.resetPasswordPerAddress;
    const attempt = (from: string) =>
      at(from).post('/api/auth/reset-password', {
        token: 'not-a-token',
        password: 'secret123',
        confirmPassword: 'secret123',
      });
    for (let i = 0; i < points; i++) expect((await attempt(address)).status).toBe(400);
    expectRefused(
      await attempt(address),
      /^Too many password changes from your network\. Please try again in \d+ minutes?\.$/,
      windowSeconds,
    );
    expect((await attempt(newAddress())).status).toBe(400);
  });
});
