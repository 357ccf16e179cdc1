import { Queue, QueueEvents, type Job } from 'bullmq';
import type { JobName, JobPayloads } from '@ringcast/shared-types';
import { createRedis, queuePrefix } from '../redis';
import { ENQUEUE_TIMEOUT_MS, withRedisDeadline } from '../lib/redisOutage';
import { JOB_TABLE, jobIdFor, parseJobPayload } from './jobTable';

export { JOB_TABLE, InvalidJobPayload, jobIdFor, parseJobPayload } from './jobTable';
export { STREAM_NAMES, STREAM_TABLE, type StreamName, type StreamSpec } from './streamTable';

export { queuePrefix } from '../redis';

const queues = new Map<JobName, Queue>();
const queueEvents = new Map<JobName, QueueEvents>();
let connection: ReturnType<typeof createRedis> | undefined;
let producerConnection: ReturnType<typeof createRedis> | undefined;

/**
 * One queue per job name; the worker runs one Worker per queue. Producers fail fast while Redis is
 * unreachable (no offline queue: an add is refused at once rather than held, and never replayed
 * later behind the caller's back); ioredis reconnects by itself when Redis returns.
 */
export function getQueue<N extends JobName>(name: N): Queue<JobPayloads[N]> {
  let queue = queues.get(name);
  if (!queue) {
    producerConnection ??= createRedis({ enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    queue = new Queue(name, { connection: producerConnection, prefix: queuePrefix(name) });
    queues.set(name, queue);
  }
  return queue as Queue<JobPayloads[N]>;
}

/**
 * Adds a job with the options and job id its row of the job table gives, once its payload passes
 * the job's schema (a refused payload throws InvalidJobPayload and adds nothing). With a job id,
 * adding a job that exists already answers the existing one.
 */
export async function enqueue<N extends JobName>(
  name: N,
  payload: JobPayloads[N],
  /** `delay`: run no sooner than this many ms from now (a scheduled retry). */
  extra: { delay?: number } = {},
): Promise<Job> {
  const data = await parseJobPayload(name, payload);
  const jobId = jobIdFor(name, data);
  // BullMQ's generics over the job name do not narrow well; the payload was checked above.
  const adding = (getQueue(name) as Queue).add(name, data, {
    ...JOB_TABLE[name].options,
    ...extra,
    ...(jobId ? { jobId } : {}),
  });
  // A queue whose connection has not been ready since the process started waits for it: bounded.
  return withRedisDeadline(adding, ENQUEUE_TIMEOUT_MS);
}

/** Many jobs of one name in one round trip, each as enqueue() would add it. */
export async function enqueueMany<N extends JobName>(name: N, payloads: JobPayloads[N][]): Promise<void> {
  if (!payloads.length) return;
  const jobs = await Promise.all(
    payloads.map(async (payload) => {
      const data = await parseJobPayload(name, payload);
      const jobId = jobIdFor(name, data);
      return { name, data, opts: { ...JOB_TABLE[name].options, ...(jobId ? { jobId } : {}) } };
    }),
  );
  await withRedisDeadline((getQueue(name) as Queue).addBulk(jobs), ENQUEUE_TIMEOUT_MS);
}

/** The job a payload's job id names (jobs with an id rule only), if it still exists. */
export async function findJob<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<Job | undefined> {
  const jobId = jobIdFor(name, payload);
  return jobId ? (getQueue(name) as Queue).getJob(jobId) : undefined;
}

/**
 * A queue's completion events, for a caller that waits for a job's result (job.waitUntilFinished).
 * One listener per queue and process; it reads on a connection of its own.
 */
export async function getQueueEvents(name: JobName): Promise<QueueEvents> {
  let events = queueEvents.get(name);
  if (!events) {
    connection ??= createRedis();
    events = new QueueEvents(name, { connection, prefix: queuePrefix(name) });
    queueEvents.set(name, events);
  }
  await events.waitUntilReady();
  return events;
}

/** The queues whose results an api request waits for (the browser's activation, a script). */
const AWAITED_QUEUES = ['activateCampaign', 'generateScript'] as const satisfies JobName[];

/**
 * Opens the completion listeners an api request would otherwise open on its first wait, so the
 * first customer to pay or ask for a script does not wait for their connection.
 */
export const openAwaitedQueueEvents = () => Promise.all(AWAITED_QUEUES.map((name) => getQueueEvents(name)));

/** BullMQ does not close a connection it was given, so this does. */
export async function closeQueues(): Promise<void> {
  await Promise.all([...queues.values(), ...queueEvents.values()].map((q) => q.close()));
  queues.clear();
  queueEvents.clear();
  for (const redis of [connection, producerConnection])
    if (redis) await redis.quit().catch(() => redis.disconnect());
  connection = undefined;
  producerConnection = undefined;
}
