import {
  JOB_NAMES,
  type AdminJobQueue,
  type AdminQueueOverview,
  type AdminStream,
  type AdminStreamConsumer,
  type JobName,
} from '@ringcast/shared-types';
import { ENQUEUE_TIMEOUT_MS, withRedisDeadline } from '../../lib/redisOutage';
import { getQueue, JOB_TABLE, STREAM_NAMES, STREAM_TABLE, type StreamName } from '../../queues';
import { sharedRedis, type RedisClient } from '../../redis';

/** A queue's jobs by state, as one BullMQ script counts them. */
async function jobQueue(name: JobName): Promise<AdminJobQueue> {
  const counts = await getQueue(name).getJobCounts(
    'waiting',
    'prioritized',
    'active',
    'delayed',
    'failed',
    'completed',
  );
  const count = (state: string) => counts[state] ?? 0;
  return {
    name,
    // Every job ready to start: BullMQ keeps those with a priority, and a paused queue's, apart.
    waiting: count('waiting') + count('prioritized') + count('paused'),
    active: count('active'),
    delayed: count('delayed'),
    failed: count('failed'),
    completed: count('completed'),
    scheduledEveryMs: JOB_TABLE[name].schedule?.everyMs ?? null,
  };
}

/** XINFO's replies are flat [field, value, field, value, ...] lists. */
function fieldsOf(flat: unknown): Record<string, unknown> {
  const list = Array.isArray(flat) ? flat : [];
  const fields: Record<string, unknown> = {};
  for (let i = 0; i + 1 < list.length; i += 2) fields[String(list[i])] = list[i + 1];
  return fields;
}

/** A pipeline's answer to one command: its reply, or its error thrown. */
function replyOf<T>(answer: [Error | null, unknown] | undefined): T {
  if (!answer) throw new Error('Redis left a command unanswered');
  if (answer[0]) throw answer[0];
  return answer[1] as T;
}

/** Redis answers "no such key" for a stream never written, "NOGROUP" for a group never made. */
const isMissing = (err: unknown) =>
  err instanceof Error && (/no such key/i.test(err.message) || err.message.startsWith('NOGROUP'));

/** The group's consumers; none while the stream or its group has not been made yet. */
async function consumersOf(redis: RedisClient, key: string, group: string): Promise<AdminStreamConsumer[]> {
  try {
    const reply = (await redis.xinfo('CONSUMERS', key, group)) as unknown[];
    return reply.map(fieldsOf).map((c) => ({
      name: String(c.name),
      pending: Number(c.pending ?? 0),
      idleMs: Number(c.idle ?? 0),
    }));
  } catch (err) {
    if (isMissing(err)) return [];
    throw err;
  }
}

/**
 * One stream as it stands: its length, its group's pending entries and consumers, and how long its
 * oldest entry has waited, measured on Redis's clock (the one that stamped the entry's id). A
 * stream or group not made yet (no worker has started) answers empty. Nothing here writes.
 */
async function streamState(redis: RedisClient, name: StreamName): Promise<AdminStream> {
  const row = STREAM_TABLE[name];
  const key = row.key();
  const answers =
    (await redis
      .pipeline()
      .xlen(key)
      .xinfo('GROUPS', key)
      .xrange(key, '-', '+', 'COUNT', 1)
      .xlen(row.failedKey())
      .time()
      .exec()) ?? [];
  const length = replyOf<number>(answers[0]);
  let groups: unknown[] = [];
  try {
    groups = replyOf<unknown[]>(answers[1]);
  } catch (err) {
    if (!isMissing(err)) throw err;
  }
  const group = groups.map(fieldsOf).find((g) => g.name === row.group);
  const [oldest] = replyOf<[id: string, fields: string[]][]>(answers[2]);
  const [seconds, micros] = replyOf<[string, string]>(answers[4]);
  const nowMs = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  return {
    name,
    key,
    group: row.group,
    batchSize: row.batchSize,
    lingerMs: row.lingerMs,
    claimIdleMs: row.claimIdleMs,
    repeatedAfter: row.repeatedAfter,
    length,
    pending: Number(group?.pending ?? 0),
    consumers: group ? await consumersOf(redis, key, row.group) : [],
    // An entry's id is "<ms>-<seq>", the moment Redis appended it.
    oldestEntryAgeMs: oldest ? Math.max(0, nowMs - Number(oldest[0].split('-')[0])) : null,
    failedLength: replyOf<number>(answers[3]),
  };
}

/** The Queues tab: every job's queue by state, and every stream the workers consume. */
export async function queueOverview(): Promise<AdminQueueOverview> {
  const redis = sharedRedis();
  const [jobs, streams] = await Promise.all([
    // A queue's connection waits for Redis without a deadline of its own: this one answers 503.
    withRedisDeadline(Promise.all(JOB_NAMES.map(jobQueue)), ENQUEUE_TIMEOUT_MS),
    Promise.all(STREAM_NAMES.map((name) => streamState(redis, name))),
  ]);
  return { jobs, streams };
}
