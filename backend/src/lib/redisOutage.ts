import { serviceUnavailable } from '../errors';

/**
 * How long a command on the request path waits for Redis. Redis answers in well under a
 * millisecond; one that has not answered in this time is down or unreachable, and the request
 * answers 503 at once rather than holding the browser while the client retries.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** How long a queue producer waits before saying the queue is unreachable. */
export const ENQUEUE_TIMEOUT_MS = 1000;
/** What a 503 asks the client to wait: ioredis reconnects within a couple of seconds once Redis is back. */
export const REDIS_RETRY_AFTER_SECONDS = 5;

/** Raised by our own code when a Redis call was cut short (the producer's deadline, say). */
export class RedisUnavailableError extends Error {
  constructor(message = 'Redis is unreachable') {
    super(message);
    this.name = 'RedisUnavailableError';
  }
}

/** The messages ioredis fails a command with when there is no connection to run it on. */
const OUTAGE_MESSAGES = [
  /^Command timed out$/,
  /^Reached the max retries per request limit/,
  /^Stream isn't writeable and enableOfflineQueue options is false$/,
  /^Connection is closed\.?$/,
  // A Redis Cluster connection that fails fast once it has been ready (redis.ts).
  /^Cluster isn't ready and enableOfflineQueue options is false$/,
];

/** Whether an error (or one it wraps) means Redis could not be reached, rather than a bug. */
export function isRedisUnavailable(err: unknown): boolean {
  for (let current = err, depth = 0; current && depth < 5; depth++) {
    if (current instanceof RedisUnavailableError) return true;
    if (current instanceof Error) {
      if (current.name === 'MaxRetriesPerRequestError') return true;
      if (OUTAGE_MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : '')))
        return true;
      current = (current as Error & { cause?: unknown }).cause;
    } else return false;
  }
  return false;
}

/** The 503 a request answers while Redis is unreachable. */
export const redisOutageAnswer = () =>
  serviceUnavailable(
    'Ringcast is briefly unavailable. Please try again in a few seconds.',
    REDIS_RETRY_AFTER_SECONDS,
  );

/** Rejects with RedisUnavailableError when the call has not settled in time. */
export function withRedisDeadline<T>(call: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisUnavailableError(`Redis did not answer in ${ms} ms`)), ms);
  });
  return Promise.race([call, deadline]).finally(() => clearTimeout(timer));
}
