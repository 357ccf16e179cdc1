import { randomBytes } from 'node:crypto';
import type { RedisClient } from '../host';
import { createRedis, slotKey } from '../redis';

/**
 * Every key of the Twilio sandbox, under the deployment's prefix. A call's keys meet the steps'
 * sets in one script or MULTI, so on a Redis Cluster the whole sandbox shares one slot.
 */
export const sandboxKey = (...parts: (string | number)[]) => slotKey('twilio-sandbox', ...parts);

/** Twilio-looking ids: two letters and 32 hex digits (`CA...`, `PN...`). */
export const twilioSid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/**
 * Saves a call only if nobody changed it since it was read (its version), and in the same step
 * schedules what follows and releases the step that made the change: a crash leaves either the
 * old state with the step still claimed (it runs again) or the new state with its next steps.
 * A released step no longer in the running set was taken back from this process: it changes nothing.
 * KEYS: call hash, due steps, running steps. ARGV: expected version, new version, JSON, TTL
 * seconds, released step ('' for none), then score/member pairs to schedule.
 */
const SAVE_CALL = `
if redis.call('hget', KEYS[1], 'v') ~= ARGV[1] then return 0 end
if ARGV[5] ~= '' and not redis.call('zscore', KEYS[3], ARGV[5]) then return -1 end
redis.call('hset', KEYS[1], 'v', ARGV[2], 'j', ARGV[3])
redis.call('expire', KEYS[1], tonumber(ARGV[4]))
if ARGV[5] ~= '' then redis.call('zrem', KEYS[3], ARGV[5]) end
for i = 6, #ARGV, 2 do redis.call('zadd', KEYS[2], ARGV[i], ARGV[i + 1]) end
return 1
`;

/**
 * Claims up to ARGV[3] due steps for one player: they move from the due set to the running set
 * with a lease (ARGV[2]) that the player renews while it works on them. Steps whose lease ran out
 * (their player died) go back to the due set first. Returns the claimed steps and the time the
 * next one is due. KEYS: due steps, running steps. ARGV: now, lease end, how many.
 */
const CLAIM_STEPS = `
local expired = redis.call('zrangebyscore', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, 500)
for _, member in ipairs(expired) do
  redis.call('zrem', KEYS[2], member)
  redis.call('zadd', KEYS[1], ARGV[1], member)
end
local due = redis.call('zrangebyscore', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, member in ipairs(due) do
  redis.call('zrem', KEYS[1], member)
  redis.call('zadd', KEYS[2], ARGV[2], member)
end
local nextDue = redis.call('zrange', KEYS[1], 0, 0, 'WITHSCORES')
return { due, nextDue[2] or false }
`;

export type SandboxRedis = RedisClient & {
  twilioSandboxSaveCall(...args: (string | number)[]): Promise<number>;
  twilioSandboxClaimSteps(...args: (string | number)[]): Promise<[string[], string | null]>;
};

let connection: SandboxRedis | undefined;

/** The sandbox's own connection, with its scripts. */
export function sandboxRedis(): SandboxRedis {
  if (!connection) {
    const redis = createRedis({ maxRetriesPerRequest: 3 });
    redis.defineCommand('twilioSandboxSaveCall', { numberOfKeys: 3, lua: SAVE_CALL });
    redis.defineCommand('twilioSandboxClaimSteps', { numberOfKeys: 2, lua: CLAIM_STEPS });
    connection = redis as SandboxRedis;
  }
  return connection;
}

/** Closes the sandbox's connection (see closeTwilioSandboxRedis). */
export async function closeSandboxStore(): Promise<void> {
  const redis = connection;
  connection = undefined;
  if (redis) await redis.quit().catch(() => redis.disconnect());
}
