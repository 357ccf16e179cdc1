import { randomBytes, randomUUID } from 'node:crypto';
import { redisKey, sharedRedis } from '../redis';

/**
 * The sandbox's state lives in Redis, so every api process (and a restarted one) sees the same
 * intents. Objects are stored in Stripe's own JSON shape and expire after a month of disuse.
 */
const STATE_TTL_SECONDS = 30 * 24 * 3600;
/** Stripe keeps idempotent results for 24 hours. */
const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** A request that never finished (a crashed process) frees its key after this. */
const IN_FLIGHT_TTL_SECONDS = 30;

const key = (...parts: string[]) => redisKey('stripe-sandbox', ...parts);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters and digits, as in Stripe's ids and secrets. */
export function randomToken(length: number): string {
  let token = '';
  for (const byte of randomBytes(length)) token += ALPHABET[byte % ALPHABET.length];
  return token;
}

/** Stripe-looking ids: `pi_3Qx...`, 24 random characters after the prefix. */
export const sandboxId = (prefix: string, length = 24) => `${prefix}_${randomToken(length)}`;

export async function loadObject<T>(kind: string, id: string): Promise<T | undefined> {
  const raw = await sharedRedis().get(key(kind, id));
  return raw ? (JSON.parse(raw) as T) : undefined;
}

export async function saveObject<T extends { id: string }>(kind: string, object: T): Promise<void> {
  await sharedRedis().set(key(kind, object.id), JSON.stringify(object), 'EX', STATE_TTL_SECONDS);
}

const RELEASE_LOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Runs `fn` while holding the object's lock, so a confirm and an update of one intent (from any
 * api process) never interleave their read-modify-write.
 */
export async function withObjectLock<T>(kind: string, id: string, fn: () => Promise<T>): Promise<T> {
  const lockKey = key('lock', kind, id);
  const token = randomUUID();
  const deadline = Date.now() + 10_000;
  while ((await sharedRedis().set(lockKey, token, 'PX', 10_000, 'NX')) !== 'OK') {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for the lock on ${kind} ${id}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  try {
    return await fn();
  } finally {
    await sharedRedis().eval(RELEASE_LOCK, 1, lockKey, token);
  }
}

export interface StoredResponse {
  fingerprint: string;
  status: number;
  body: unknown;
}

export type IdempotencyState =
  | { kind: 'new' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'in_progress' }
  | { kind: 'mismatch' };

const IN_FLIGHT = 'in-flight';

/**
 * Claims an Idempotency-Key for one request. A finished request with the same key is replayed,
 * one still running is reported, and a different request reusing the key is refused, as on Stripe.
 */
export async function claimIdempotencyKey(scopedKey: string, fingerprint: string): Promise<IdempotencyState> {
  const redis = sharedRedis();
  const k = key('idempotency', scopedKey);
  const claimed = await redis.set(k, `${IN_FLIGHT}:${fingerprint}`, 'EX', IN_FLIGHT_TTL_SECONDS, 'NX');
  if (claimed === 'OK') return { kind: 'new' };
  const raw = await redis.get(k);
  if (raw === null) return claimIdempotencyKey(scopedKey, fingerprint);
  if (raw.startsWith(`${IN_FLIGHT}:`)) {
    return raw === `${IN_FLIGHT}:${fingerprint}` ? { kind: 'in_progress' } : { kind: 'mismatch' };
  }
  const response = JSON.parse(raw) as StoredResponse;
  return response.fingerprint === fingerprint ? { kind: 'replay', response } : { kind: 'mismatch' };
}

export async function storeIdempotentResponse(scopedKey: string, response: StoredResponse): Promise<void> {
  await sharedRedis().set(
    key('idempotency', scopedKey),
    JSON.stringify(response),
    'EX',
    IDEMPOTENCY_TTL_SECONDS,
  );
}

/** A request that failed on our side (500) may be sent again with the same key. */
export async function releaseIdempotencyKey(scopedKey: string): Promise<void> {
  await sharedRedis().del(key('idempotency', scopedKey));
}

/**
 * Lists (a customer's invoices, the events, ...) are sorted sets of ids. The score is the time in
 * milliseconds and a sequence, so two objects made in the same second keep the order they were made in.
 */
export async function addToIndex(name: string[], id: string, atSeconds: number): Promise<void> {
  const redis = sharedRedis();
  const sequence = (await redis.incr(key('sequence'))) % 1000;
  const indexKey = key('index', ...name);
  await redis.zadd(indexKey, atSeconds * 1_000_000 + sequence * 1000, id);
  await redis.expire(indexKey, STATE_TTL_SECONDS);
}

/** The ids of an index, newest first. */
export async function readIndex(name: string[]): Promise<string[]> {
  return sharedRedis().zrevrange(key('index', ...name), 0, -1);
}

/** Loads each id of an index (newest first) added at or after `sinceSeconds`, skipping any that expired. */
export async function loadIndexed<T>(kind: string, name: string[], sinceSeconds = 0): Promise<T[]> {
  const ids =
    sinceSeconds > 0
      ? await sharedRedis().zrevrangebyscore(key('index', ...name), '+inf', sinceSeconds * 1_000_000)
      : await readIndex(name);
  const objects = await Promise.all(ids.map((id) => loadObject<T>(kind, id)));
  return objects.filter((object): object is Awaited<T> & {} => object !== undefined) as T[];
}

/** Claims a name once for `ttlSeconds` (a meter event's identifier); false when already taken. */
export async function claimOnce(name: string[], ttlSeconds: number): Promise<boolean> {
  return (await sharedRedis().set(key('once', ...name), '1', 'EX', ttlSeconds, 'NX')) === 'OK';
}

/** A counter that only grows (a customer's invoice numbers). */
export async function nextSequence(...name: string[]): Promise<number> {
  const counterKey = key('counter', ...name);
  const value = await sharedRedis().incr(counterKey);
  await sharedRedis().expire(counterKey, STATE_TTL_SECONDS);
  return value;
}

export async function deleteObject(kind: string, id: string): Promise<void> {
  await sharedRedis().del(key(kind, id));
}
