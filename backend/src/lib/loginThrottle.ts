import type { RateLimiterRes } from 'rate-limiter-flexible';
import { redisKey, sharedRedis } from '../redis';
import { tooManyAttempts } from '../errors';
import { SIGN_IN_THROTTLE as T, waitText } from './limits';
import {
  consumeRateLimits,
  giveBack,
  isRefusal,
  limiterFor,
  retryAfterSeconds,
  type RateLimitUse,
} from './rateLimit';

/**
 * Sign-in throttling. Every attempt is counted before its password is checked (an atomic
 * increment), so parallel guesses cannot slip past a limit; what a limit refuses is given back to
 * the counters before it, so only checked passwords count.
 */

const pairLimiter = () => limiterFor('sign-in-pair', T.pairAttempts, T.pairWindowSeconds);
const failureLimiter = () => limiterFor('sign-in-email', T.freeFailures, T.failureWindowSeconds);
/** One checked password at a time per email once the free failures are spent; each slot lasts the current delay. */
const delayLimiter = () => limiterFor('sign-in-email-delay', 1, T.firstDelaySeconds);

const pairKey = (email: string, ip: string) => `${email}|${ip}`;
const knownAddressKey = (email: string, ip: string) => redisKey('sign-in-known', email, ip);

/** The wait after the nth failure of an email: nothing for the free ones, then doubling up to the cap. */
export function delayAfterFailures(failures: number): number {
  const past = failures - T.freeFailures;
  if (past <= 0) return 0;
  return Math.min(T.maxDelaySeconds, T.firstDelaySeconds * 2 ** (past - 1));
}

/** A counted attempt; a failure needs nothing more (every counter already holds it). */
export interface SignInAttempt {
  succeeded(): Promise<void>;
}

const refusedWith = (res: RateLimiterRes, message: (wait: string) => string) => {
  const wait = retryAfterSeconds(res);
  return tooManyAttempts(message(waitText(wait)), wait);
};

/**
 * Counts one sign-in attempt before its password is checked; 429 when a limit refuses it. A
 * success is taken back out of the counters, so they keep failures only.
 */
export async function beginSignInAttempt(email: string, ip: string): Promise<SignInAttempt> {
  const address: RateLimitUse = { name: 'signInPerAddress', subject: ip };
  await consumeRateLimits([address]);
  const taken: (() => Promise<unknown>)[] = [() => giveBack([address])];
  const refuse = async (err: unknown) => {
    await Promise.all(taken.map((undo) => undo()));
    return err;
  };

  const pair = pairKey(email, ip);
  try {
    await pairLimiter().consume(pair);
  } catch (err) {
    throw await refuse(isRefusal(err) ? refusedWith(err, T.pairMessage) : err);
  }
  taken.push(() => pairLimiter().reward(pair));

  const known = (await sharedRedis().exists(knownAddressKey(email, ip))) === 1;
  if (!known) {
    let failures: number;
    try {
      failures = (await failureLimiter().consume(email)).consumedPoints;
    } catch (err) {
      if (!isRefusal(err)) throw await refuse(err);
      failures = err.consumedPoints;
    }
    taken.push(() => failureLimiter().reward(email));
    const delay = delayAfterFailures(failures);
    if (delay > 0) {
      try {
        await delayLimiter().consume(email, 1, { customDuration: delay });
      } catch (err) {
        throw await refuse(isRefusal(err) ? refusedWith(err, T.emailMessage) : err);
      }
    }
  }

  return {
    async succeeded() {
      await Promise.all([
        giveBack([address]),
        pairLimiter().delete(pair),
        known ? undefined : failureLimiter().reward(email),
        rememberSignInAddress(email, ip),
      ]);
    },
  };
}

/** The address now counts as the account's own: the email's delay does not apply to it. */
export async function rememberSignInAddress(email: string, ip: string): Promise<void> {
  await sharedRedis().set(knownAddressKey(email, ip), '1', 'EX', T.knownAddressSeconds);
}
