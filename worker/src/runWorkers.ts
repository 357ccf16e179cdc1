import os from 'node:os';
import { Worker } from 'bullmq';
import { JOB_NAMES } from '@ringcast/shared-types';
import {
  config,
  createRedis,
  flushLogs,
  logger,
  queuePrefix,
  registerJobSchedulers,
  workerProcessName,
} from '@ringcast/backend';
import { recordJobs } from '@ringcast/backend/metrics';
import {
  RefusedPayloadError,
  assertEveryJobHasHandler,
  concurrencyAtLeast,
  concurrencyLimits,
  runJob,
} from './registry';
import { callsModule } from './jobs/callsModule';
import { warmUpJobModules } from './jobs/warmUp';

/**
 * One BullMQ Worker per queue, named for this process, the call events' stream consumers, and the
 * job table's schedulers (registered by every worker; BullMQ keeps one of each). `stop()` lets
 * in-flight jobs finish (up to `graceMs`) before closing.
 */
export async function runWorkers() {
  assertEveryJobHasHandler();
  const connection = createRedis();
  // Redis lists the process's workers under this name while it is up: that is how the admin
  // screen, /api/health and the container's health check know it runs.
  const processName = workerProcessName(os.hostname(), process.pid);
  const workers = JOB_NAMES.map((name) => {
    const worker = new Worker(name, (job, token) => runJob(name, job, token), {
      connection,
      name: processName,
      prefix: queuePrefix(name),
      lockDuration: config.jobLockMs,
      stalledInterval: config.jobLockMs,
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
    recordJobs(name, worker);
    return worker;
  });
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  // One per process: events applied in few large transactions cost far less than in many small
  // ones, so consumers gather rather than share. The dialer's code loads in the background, as it
  // does for the first call job, so the process is up meanwhile.
  const callEventConsumers = callsModule().then(({ startCallEventConsumer }) => [startCallEventConsumer()]);
  const scheduled = await registerJobSchedulers();
  logger.info({ queues: JOB_NAMES, scheduled }, 'Ringcast worker started');
  flushLogs();
  warmUpJobModules();

  return {
    workers,
    stop: async (graceMs = 25_000) => {
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
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
