import os from 'node:os';
import { Worker } from 'bullmq';
import { JOB_NAMES } from '@ringcast/shared-types';
import {
  QUEUE_PREFIX,
  WORKER_HEARTBEAT_TTL_SECONDS,
  config,
  createRedis,
  failAbandonedProspectLists,
  flushLogs,
  logger,
  sharedRedis,
  workerHeartbeatKey,
} from '@ringcast/backend';
import { assertEveryJobHasHandler, concurrencyLimits, handlers } from './registry';

const ABANDONED_SWEEP_INTERVAL_MS = 5 * 60_000;

/**
 * One BullMQ Worker per queue, plus a heartbeat in Redis so the admin screen can tell whether
 * workers are alive, and a sweep for prospect lists whose parse was abandoned. `stop()` lets
 * in-flight jobs finish (up to `graceMs`) before closing.
 */
export async function runWorkers() {
  assertEveryJobHasHandler();
  const connection = createRedis();
  const workers = JOB_NAMES.map((name) => {
    const worker = new Worker(name, (job) => handlers[name](job as never), {
      connection,
      prefix: QUEUE_PREFIX(),
      concurrency: Math.min(config.workerConcurrency, concurrencyLimits[name] ?? Infinity) || 1,
    });
    worker.on('completed', (job, result) =>
      logger.info({ queue: name, jobId: job.id, attempts: job.attemptsMade, result }, 'job completed'),
    );
    worker.on('failed', (job, err) =>
      logger.warn(
        { queue: name, jobId: job?.id, attempts: job?.attemptsMade, err: err.message },
        'job failed',
      ),
    );
    worker.on('error', (err) => logger.error({ queue: name, err }, 'worker error'));
    return worker;
  });
  await Promise.all(workers.map((w) => w.waitUntilReady()));

  const heartbeatId = `${os.hostname()}-${process.pid}`;
  const beat = () =>
    sharedRedis()
      .set(workerHeartbeatKey(heartbeatId), new Date().toISOString(), 'EX', WORKER_HEARTBEAT_TTL_SECONDS)
      .catch((err) => logger.warn({ err }, 'heartbeat failed'));
  await beat();
  const heartbeat = setInterval(beat, 10_000);
  // Every worker sweeps; marking a list failed is conditional, so two sweeps change it once.
  const sweep = () =>
    failAbandonedProspectLists()
      .then(
        (ids) =>
          ids.length && logger.warn({ prospectListIds: ids }, 'abandoned prospect lists marked failed'),
      )
      .catch((err) => logger.warn({ err }, 'abandoned prospect list sweep failed'));
  void sweep();
  const sweeper = setInterval(sweep, ABANDONED_SWEEP_INTERVAL_MS);
  logger.info({ queues: JOB_NAMES }, 'Ringcast worker started');
  flushLogs();

  return {
    workers,
    stop: async (graceMs = 25_000) => {
      clearInterval(heartbeat);
      clearInterval(sweeper);
      const graceful = Promise.all(workers.map((w) => w.close()));
      const timedOut = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), graceMs).unref());
      if ((await Promise.race([graceful, timedOut])) === 'timeout') {
        // Jobs still running go back to the queue as stalled and are picked up again.
        logger.warn('jobs still running at shutdown; returning them to the queue');
        await Promise.all(workers.map((w) => w.close(true)));
      }
      await sharedRedis()
        .del(workerHeartbeatKey(heartbeatId))
        .catch(() => undefined);
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
