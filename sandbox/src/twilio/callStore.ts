import { isTerminal, type SandboxCall } from './call';
import { notifyStepsScheduled, dueStepsKey, runningStepsKey, schedulingArgs, type Step } from './steps';
import { sandboxKey, sandboxRedis } from './store';
import { announceCallChanged } from './callChanges';

/** Calls are kept three days after their last change, long enough for any reconciliation. */
const CALL_TTL_SECONDS = 3 * 24 * 3600;
const CALL_TTL_MS = CALL_TTL_SECONDS * 1000;

const callKey = (sid: string) => sandboxKey('call', sid);
/** Every call of an account, and of an account to one number, by creation time (for the list). */
const accountCallsKey = (accountSid: string) => sandboxKey('account', accountSid, 'calls');
const callsToKey = (accountSid: string, to: string) => sandboxKey('account', accountSid, 'calls-to', to);
/** An account's ended calls by end time, so a list filtered on EndTime reads only its range. */
const endedCallsKey = (accountSid: string) => sandboxKey('account', accountSid, 'calls-ended');

/** Stores a new call, indexes it and schedules its first steps, all at once. */
export async function insertCall(call: SandboxCall, steps: Step[]): Promise<void> {
  await sandboxRedis()
    .multi()
    .hset(callKey(call.sid), 'v', call.version, 'j', JSON.stringify(call))
    .expire(callKey(call.sid), CALL_TTL_SECONDS)
    .zadd(accountCallsKey(call.accountSid), call.createdAt, call.sid)
    .zadd(callsToKey(call.accountSid, call.to), call.createdAt, call.sid)
    .expire(callsToKey(call.accountSid, call.to), CALL_TTL_SECONDS)
    .zadd(dueStepsKey(), ...schedulingArgs(call, steps))
    .exec();
  notifyStepsScheduled(call, steps);
}

export async function loadCall(sid: string): Promise<SandboxCall | undefined> {
  const json = await sandboxRedis().hget(callKey(sid), 'j');
  return json ? (JSON.parse(json) as SandboxCall) : undefined;
}

export type SaveResult = 'saved' | 'conflict' | 'step-taken-back';

/**
 * Saves `call` over version `expectedVersion`, schedules `steps` and releases `releasedStep`,
 * atomically (see SAVE_CALL). Another writer in between: 'conflict', and the caller retries.
 */
export async function saveCall(
  call: SandboxCall,
  expectedVersion: number,
  steps: Step[],
  releasedStep = '',
): Promise<SaveResult> {
  const result = await sandboxRedis().twilioSandboxSaveCall(
    callKey(call.sid),
    dueStepsKey(),
    runningStepsKey(),
    expectedVersion,
    call.version,
    JSON.stringify(call),
    CALL_TTL_SECONDS,
    releasedStep,
    ...schedulingArgs(call, steps),
  );
  if (result === 1) {
    notifyStepsScheduled(call, steps);
    if (call.relay) announceCallChanged(call.sid);
    if (isTerminal(call.status) && call.endTime !== null) await indexEndedCall(call);
  }
  return result === 1 ? 'saved' : result === 0 ? 'conflict' : 'step-taken-back';
}

async function indexEndedCall(call: SandboxCall): Promise<void> {
  const key = endedCallsKey(call.accountSid);
  await sandboxRedis().multi().zadd(key, call.endTime!, call.sid).expire(key, CALL_TTL_SECONDS).exec();
}

/** Simulated end times in ms, inclusive: the range of an EndTime-filtered list. */
export interface EndedBetween {
  after?: number;
  before?: number;
}

/**
 * An account's calls, newest first, that pass `keep`, from `offset` on: scanned in batches so a
 * filtered page never loads every call. `to` narrows the scan to one number's index; without it,
 * `ended` reads only the calls that ended in that range (latest end first).
 */
export async function findCalls(
  accountSid: string,
  options: {
    to?: string;
    ended?: EndedBetween;
    keep: (call: SandboxCall) => boolean;
    offset: number;
    limit: number;
  },
): Promise<{ calls: SandboxCall[]; more: boolean }> {
  const redis = sandboxRedis();
  const { to, ended } = options;
  // By end time when only ended calls can match (and no number narrows the scan more).
  const index = to
    ? callsToKey(accountSid, to)
    : ended
      ? endedCallsKey(accountSid)
      : accountCallsKey(accountSid);
  // Calls that expired leave their index entries behind; they go when the index is read.
  await redis.zremrangebyscore(index, '-inf', Date.now() - CALL_TTL_MS);
  const [max, min] =
    ended && !to ? [ended.before ?? '+inf', ended.after ?? '-inf'] : ['+inf' as const, '-inf' as const];
  const wanted = options.offset + options.limit + 1;
  const matches: SandboxCall[] = [];
  const BATCH = 500;
  for (let start = 0; matches.length < wanted; start += BATCH) {
    const sids = await redis.zrevrangebyscore(index, max, min, 'LIMIT', start, BATCH);
    if (sids.length === 0) break;
    const rows = await redis.pipeline(sids.map((sid) => ['hget', callKey(sid), 'j'])).exec();
    for (const [, json] of rows ?? []) {
      if (typeof json !== 'string') continue;
      const call = JSON.parse(json) as SandboxCall;
      if (options.keep(call)) matches.push(call);
    }
    if (sids.length < BATCH) break;
  }
  return {
    calls: matches.slice(options.offset, options.offset + options.limit),
    more: matches.length > options.offset + options.limit,
  };
}
