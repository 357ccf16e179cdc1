import { Queue, QueueEvents, type JobsOptions } from 'bullmq';
import type { JobName, JobPayloads } from '@ringcast/shared-types';
import { createRedis, redisKey } from '../redis';

/** Retries with exponential backoff unless a job says otherwise; finished jobs are trimmed. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { count: 1000 },
  removeOnFail: { count: 5000 },
};

export const QUEUE_PREFIX = () => redisKey('bull');

const queues = new Map<JobName, Queue>();
const queueEvents = new Map<JobName, QueueEvents>();
let connection: ReturnType<typeof createRedis> | undefined;

/** One queue per job name; the worker runs one Worker per queue. */
export function getQueue<N extends JobName>(name: N): Queue<JobPayloads[N]> {
  let queue = queues.get(name);
  if (!queue) {
    connection ??= createRedis();
    queue = new Queue(name, { connection, prefix: QUEUE_PREFIX(), defaultJobOptions: DEFAULT_JOB_OPTIONS });
    queues.set(name, queue);
  }
  return queue as Queue<JobPayloads[N]>;
}

export async function enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: JobsOptions = {}) {
  // BullMQ's generics over the job name do not narrow well; the payload type is checked above.
  return (getQueue(name) as Queue).add(name, payload, options);
}

/**
 * A queue's completion events, for a caller that waits for a job's result (job.waitUntilFinished).
 * One listener per queue and process; it reads on a connection of its own.
 */
export async function getQueueEvents(name: JobName): Promise<QueueEvents> {
  let events = queueEvents.get(name);
  if (!events) {
    connection ??= createRedis();
    events = new QueueEvents(name, { connection, prefix: QUEUE_PREFIX() });
    queueEvents.set(name, events);
  }
  await events.waitUntilReady();
  return events;
}

/** BullMQ does not close a connection it was given, so this does. */
export async function closeQueues(): Promise<void> {
  await Promise.all([...queues.values(), ...queueEvents.values()].map((q) => q.close()));
  queues.clear();
  queueEvents.clear();
  if (connection) await connection.quit().catch(() => connection?.disconnect());
  connection = undefined;
}
