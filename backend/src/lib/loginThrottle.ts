import { sharedRedis, redisKey } from '../redis';
import { tooManyAttempts } from '../errors';

/**
 * Failed sign-ins are counted per email and per client address for a window; past the limit,
 * sign-in answers 429 until the window ends. A success clears the email's count.
 */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

const emailKey = (email: string) => redisKey('login-failures', 'email', email.toLowerCase());
const ipKey = (ip: string) => redisKey('login-failures', 'ip', ip);

export async function assertLoginAllowed(email: string, ip: string): Promise<void> {
  const redis = sharedRedis();
  const [emailCount, ipCount] = (await redis.mget(emailKey(email), ipKey(ip))).map((v) => Number(v ?? 0));
  if (emailCount >= MAX_FAILURES_PER_EMAIL || ipCount >= MAX_FAILURES_PER_IP) {
    const ttl = await redis.ttl(emailCount >= MAX_FAILURES_PER_EMAIL ? emailKey(email) : ipKey(ip));
    const retryAfter = ttl > 0 ? ttl : LOGIN_WINDOW_SECONDS;
    throw tooManyAttempts(
      `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
      retryAfter,
    );
  }
}

export async function recordLoginFailure(email: string, ip: string): Promise<void> {
  const multi = sharedRedis().multi();
  for (const key of [emailKey(email), ipKey(ip)]) {
    multi.incr(key);
    multi.expire(key, LOGIN_WINDOW_SECONDS, 'NX');
  }
  await multi.exec();
}

export async function clearLoginFailures(email: string): Promise<void> {
  await sharedRedis().del(emailKey(email));
}
