import { config } from '../../../config';
import { pipelinedRedis, sharedRedis, slotKey } from '../../../redis';

/**
 * Pacing per Twilio account, shared by every campaign on the account and every worker process:
 * at most `cps` new calls per second, spaced evenly (GCRA: no sliding second ever holds more), and
 * at most `maxConcurrent` calls in flight (a semaphore whose entries expire, so a slot lost with a
 * killed process frees itself). One Lua script decides both atomically, on Redis's clock.
 *
 * Not a library limiter: rate-limiter-flexible counts in fixed windows (two calls can start a few
 * milliseconds apart across a window edge, twice the rate in that second) and has no semaphore.
 */
const ACQUIRE = `
local inflight, tat, backoff, accounts = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local member, limit, interval, lease = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local blocked = redis.call('PTTL', backoff)
if blocked > 0 then return blocked end
redis.call('ZREMRANGEBYSCORE', inflight, '-inf', now)
if redis.call('ZSCORE', inflight, member) then return 0 end
if redis.call('ZCARD', inflight) >= limit then return -1 end
local next = tonumber(redis.call('GET', tat) or '0')
if next > now then return next - now end
redis.call('SET', tat, math.max(next, now) + interval, 'PX', interval + 1000)
redis.call('ZADD', inflight, now + lease, member)
redis.call('SADD', accounts, ARGV[5])
return 0
`;

/**
 * Gives back the slots the sweep found stale (ARGV: the account, then member and lease pairs):
 * each only while it holds the lease that was read, so a slot taken again meanwhile stays. An
 * account left without slots leaves the set of accounts to sweep, in the same step, so a slot
 * taken at the same moment never goes unswept.
 */
const RELEASE_STALE = `
local inflight, accounts = KEYS[1], KEYS[2]
local removed = 0
for i = 2, #ARGV, 2 do
  if redis.call('ZSCORE', inflight, ARGV[i]) == ARGV[i + 1] then
    removed = removed + redis.call('ZREM', inflight, ARGV[i])
  end
end
local t = redis.call('TIME')
redis.call('ZREMRANGEBYSCORE', inflight, '-inf', t[1] * 1000 + math.floor(t[2] / 1000))
if redis.call('ZCARD', inflight) == 0 then redis.call('SREM', accounts, ARGV[1]) end
return removed
`;

export interface PacingLimits {
  cps: number;
  maxConcurrent: number;
}

/**
 * An account's keys meet the set of accounts in one script, so on a Redis Cluster all pacing keys
 * share one slot (one node serves the pacing of every account: a script per call placed).
 */
const keys = (accountSid: string) => [
  slotKey('pacing', accountSid, 'inflight'),
  slotKey('pacing', accountSid, 'next'),
  slotKey('pacing', accountSid, 'backoff'),
];

/** The accounts that took a slot and may still hold one: what the reconciler's sweep walks. */
const accountsKey = () => slotKey('pacing', 'accounts');

/** How long to wait before asking again when every line of the account is busy. */
export const FULL_RETRY_MS = 250;

export const defaultPacingLimits = (): PacingLimits => ({
  cps: config.calls.cps,
  maxConcurrent: config.calls.maxConcurrent,
});

/**
 * Takes a slot for one call: answers 0 when the call may be placed now (the slot is held until
 * `releaseCallSlot`, or until the lease runs out), otherwise the milliseconds to wait. Asking again
 * for a call that holds a slot answers 0 without taking another.
 */
export async function acquireCallSlot(
  accountSid: string,
  callId: number,
  limits: PacingLimits = defaultPacingLimits(),
): Promise<number> {
  const intervalMs = Math.ceil(1000 / limits.cps);
  // A slot outlives the longest call by a margin; reconciliation releases it earlier.
  const leaseMs = (config.calls.timeLimitSeconds + config.calls.ringTimeoutSeconds + 300) * 1000;
  const wait = (await sharedRedis().eval(
    ACQUIRE,
    4,
    ...keys(accountSid),
    accountsKey(),
    String(callId),
    String(limits.maxConcurrent),
    String(intervalMs),
    String(leaseMs),
    accountSid,
  )) as number;
  return wait === -1 ? FULL_RETRY_MS : wait;
}

export async function releaseCallSlot(accountSid: string, callId: number): Promise<void> {
  await pipelinedRedis().zrem(keys(accountSid)[0], String(callId));
}

/** Twilio said 429 / 20429: no new call on this account for a while. */
export async function backOffAccount(accountSid: string, ms: number): Promise<void> {
  await sharedRedis().set(keys(accountSid)[2], '1', 'PX', ms);
}

/** Calls holding a slot on the account now. */
export async function callsInFlightOnAccount(accountSid: string): Promise<number> {
  const [inflight] = keys(accountSid);
  const redis = sharedRedis();
  await redis.zremrangebyscore(inflight, '-inf', Date.now());
  return redis.zcard(inflight);
}

/** A slot as held: the call's id (the member) and the lease's end as Redis stores it. */
export interface HeldSlot {
  member: string;
  lease: string;
}

/** The accounts whose slots the reconciler's sweep looks at. */
export const accountsWithSlots = (): Promise<string[]> => sharedRedis().smembers(accountsKey());

/**
 * Every slot the account holds. There are at most the account's concurrent calls (a few dozen),
 * so one ZRANGE reads them all.
 */
export async function heldSlots(accountSid: string): Promise<HeldSlot[]> {
  const flat = await sharedRedis().zrange(keys(accountSid)[0], 0, -1, 'WITHSCORES');
  const slots: HeldSlot[] = [];
  for (let i = 0; i < flat.length; i += 2) slots.push({ member: flat[i]!, lease: flat[i + 1]! });
  return slots;
}

/**
 * Gives back slots whose calls are settled or gone, each only if it still holds the lease that was
 * read; forgets the account once it holds none. Answers how many were given back.
 */
export async function releaseStaleSlots(accountSid: string, stale: HeldSlot[]): Promise<number> {
  return (await sharedRedis().eval(
    RELEASE_STALE,
    2,
    keys(accountSid)[0],
    accountsKey(),
    accountSid,
    ...stale.flatMap(({ member, lease }) => [member, lease]),
  )) as number;
}
