import os from 'node:os';
import { Worker } from 'bullmq';
import { JOB_NAMES } from '@ringcast/shared-types';
import {
  QUEUE_PREFIX,
  WORKER_HEARTBEAT_TTL_SECONDS,
  config,
  createRedis,
  flushLogs,
  logger,
  registerJobSchedulers,
  sharedRedis,
  workerHeartbeatKey,
} from '@ringcast/backend';
import {
  RefusedPayloadError,
  assertEveryJobHasHandler,
  concurrencyAtLeast,
  concurrencyLimits,
  runJob,
} from './registry';
import { callsModule } from './jobs/callsModule';

/**
 * One BullMQ Worker per queue, the call events' stream consumers, the job table's schedulers (registered by every worker; BullMQ
 * keeps one of each), and a heartbeat in Redis so the admin screen can tell whether workers are
 * alive. `stop()` lets in-flight jobs finish (up to `graceMs`) before closing.
 */
export async function runWorkers() {
  assertEveryJobHasHandler();
  const connection = createRedis();
  const workers = JOB_NAMES.map((name) => {
    const worker = new Worker(name, (job, token) => runJob(name, job, token), {
      connection,
      prefix: QUEUE_PREFIX(),
      concurrency:
        Math.max(
          concurrencyAtLeast[name] ?? 0,
          Math.min(config.workerConcurrency, concurrencyLimits[name] ?? Infinity),
        ) || 1,
    });
    // Scheduled jobs (the dispatcher's every second, say) would fill the log with their runs.
    worker.on('completed', (job, result) =>
      logger[job.repeatJobKey ? 'debug' : 'info'](
        { queue: name, jobId: job.id, attempts: job.attemptsMade, result },
        'job completed',
      ),
    );
    worker.on('failed', (job, err) => {
      if (err instanceof RefusedPayloadError)
        return logger.error({ queue: name, jobId: job?.id, err: err.message }, 'job payload refused');
      logger.warn(
        { queue: name, jobId: job?.id, attempts: job?.attemptsMade, err: err.message },
        'job failed',
      );
    });
    worker.on('error', (err) => logger.error({ queue: name, err }, 'worker error'));
    return worker;
  });
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  // Two per process: one applies a batch while the other reads the next. The dialer's code loads
  // in the background, as it does for the first call job, so the process is up meanwhile.
  const callEventConsumers = callsModule().then(({ startCallEventConsumer }) => [
    startCallEventConsumer(),
    startCallEventConsumer(),
  ]);
  const scheduled = await registerJobSchedulers();

  const heartbeatId = `${os.hostname()}-${process.pid}`;
  const beat = () =>
    sharedRedis()
      .set(workerHeartbeatKey(heartbeatId), new Date().toISOString(), 'EX', WORKER_HEARTBEAT_TTL_SECONDS)
      .catch((err) => logger.warn({ err }, 'heartbeat failed'));
  await beat();
  // Per process by nature: each worker says it is alive.
  const heartbeat = setInterval(beat, 10_000);
  logger.info({ queues: JOB_NAMES, scheduled }, 'Ringcast worker started');
  flushLogs();

  return {
    workers,
    stop: async (graceMs = 25_000) => {
      clearInterval(heartbeat);
      const graceful = Promise.all([
        ...workers.map((w) => w.close()),
        callEventConsumers.then((consumers) => Promise.all(consumers.map((c) => c.stop()))),
      ]);
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
