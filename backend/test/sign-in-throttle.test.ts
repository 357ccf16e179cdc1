import { describe, expect, it } from 'vitest';
import { RATE_LIMITS, SIGN_IN_THROTTLE } from '../src/lib/limits';
import { delayAfterFailures } from '../src/lib/loginThrottle';
import { uniqueEmail } from './helpers/client';
import { useTestApiFromAddresses } from './helpers/server';

// Attackers and owners at addresses of their own, at the limits' real numbers.
const { newAddress, at, registeredAt: ownerAt } = useTestApiFromAddresses(11);
const signIn = (address: string, email: string, password: string) =>
  at(address).post('/api/login', { email, password });

const statuses = (results: { status: number }[]) =>
  results.reduce<Record<number, number>>(
    (count, { status }) => ({ ...count, [status]: (count[status] ?? 0) + 1 }),
    {},
  );

describe('sign-in throttling', () => {
  it('checks at most 5 of 40 parallel wrong passwords for one email from one address', async () => {
    const { credentials } = await ownerAt(newAddress());
    const attacker = newAddress();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(attacker, credentials.email, `wrong-${i}`)),
    );
    expect(statuses(results)).toEqual({
      401: SIGN_IN_THROTTLE.pairAttempts,
      429: 40 - SIGN_IN_THROTTLE.pairAttempts,
    });
    const refused = results.find((res) => res.status === 429)!;
    expect(refused.json).toMatchObject({
      error: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      code: 'too_many_attempts',
    });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(800);
    // The right password from that address is refused too: it is not checked.
    expect((await signIn(attacker, credentials.email, credentials.password)).status).toBe(429);
  });

  it('lets the owner sign in from their own address while another address is locked out', async () => {
    const home = newAddress();
    const { credentials } = await ownerAt(home);
    const attacker = newAddress();
    for (let i = 0; i < SIGN_IN_THROTTLE.pairAttempts; i++)
      expect((await signIn(attacker, credentials.email, `wrong-${i}`)).status).toBe(401);
    expect((await signIn(attacker, credentials.email, credentials.password)).status).toBe(429);

    const owner = at(home);
    const res = await owner.post('/api/login', credentials);
    expect(res.status, res.text).toBe(200);
    expect((await owner.get('/api/auth/user')).json.email).toBe(credentials.email);
  });

  it('slows the email down for every other address once its free failures are spent', async () => {
    const home = newAddress();
    const { credentials } = await ownerAt(home);
    // Spread over addresses, so no address and no pair reaches its own limit.
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures; i++)
      expect((await signIn(newAddress(), credentials.email, `wrong-${i}`)).status).toBe(401);
    // The next guess is checked, and starts the delay.
    expect((await signIn(newAddress(), credentials.email, 'wrong-again')).status).toBe(401);

    const delayed = await signIn(newAddress(), credentials.email, credentials.password);
    expect(delayed.status).toBe(429);
    expect(delayed.json.error).toMatch(
      /^Too many failed sign-in attempts for this account\. Try again in \d+ seconds, or sign in from a device you have used before\.$/,
    );
    const retryAfter = Number(delayed.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_THROTTLE.firstDelaySeconds);

    // The owner's own address is not slowed down.
    expect((await signIn(home, credentials.email, credentials.password)).status).toBe(200);
  });

  it('checks at most the free failures and one more of 40 parallel guesses from 40 addresses', async () => {
    const { credentials } = await ownerAt(newAddress());
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(newAddress(), credentials.email, `wrong-${i}`)),
    );
    const checked = results.filter((res) => res.status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(SIGN_IN_THROTTLE.freeFailures);
    expect(checked).toBeLessThanOrEqual(SIGN_IN_THROTTLE.freeFailures + 1);
    expect(checked + results.filter((res) => res.status === 429).length).toBe(40);
  });

  it('the delay doubles with each further failure, up to 15 minutes', () => {
    const free = SIGN_IN_THROTTLE.freeFailures;
    expect(delayAfterFailures(free)).toBe(0);
    expect([1, 2, 3, 4, 5, 6, 10].map((n) => delayAfterFailures(free + n))).toEqual([
      30, 60, 120, 240, 480, 900, 900,
    ]);
  });

  it('limits the passwords checked from one address, whatever the emails', async () => {
    const address = newAddress();
    const { points } = RATE_LIMITS.signInPerAddress;
    for (let i = 0; i < points; i++)
      expect((await signIn(address, uniqueEmail('nobody'), 'wrong-password')).status).toBe(401);
    const refused = await signIn(address, uniqueEmail('nobody'), 'wrong-password');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Someone elsewhere is not affected.
    expect((await signIn(newAddress(), uniqueEmail('nobody'), 'wrong-password')).status).toBe(401);
  });

  it('a successful sign-in does not count against its address', async () => {
    const address = newAddress();
    const { credentials } = await ownerAt(address);
    for (let i = 0; i < RATE_LIMITS.signInPerAddress.points + 2; i++)
      expect((await signIn(address, credentials.email, credentials.password)).status).toBe(200);
  });
});
