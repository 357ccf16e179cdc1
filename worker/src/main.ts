import {
  assertServicesReachable,
  closeBroadcaster,
  closeMailTransports,
  closeNearCaches,
  closeQueues,
  closeSharedRedis,
  config,
  flushLogs,
  logger,
  sequelize,
} from '@ringcast/backend';
import fs from 'node:fs';
import os from 'node:os';
import v8 from 'node:v8';
import { runWorkers } from './runWorkers';
import { startMetricsServer } from './metricsServer';

// A parse of a million-row list makes garbage faster than V8's default heap growth collects it
// (its peak RSS went past 350 MB though it keeps under 60 MB alive): the old generation grows by
// 10% at a time instead. (--optimize-for-size kept it lower still, but it trades speed for memory
// everywhere: the call-event consumers spent half as much CPU again under it.)
v8.setFlagsFromString('--heap-growing-percent=10');

// Where the worker shares cores with the api, the api's answers come first: Twilio waits on each
// webhook's answer, while the worker's work is batched and catches up in larger batches when it
// falls behind. Raising its own niceness needs no privilege; a host that refuses keeps it as is.
const WORKER_NICENESS = 10;
try {
  const niceness = Math.max(os.getPriority(), WORKER_NICENESS);
  os.setPriority(niceness);
  // A niceness is a thread's own on Linux: V8's collector and compiler threads, started before
  // this line, would keep competing with the api at full priority.
  const threads = fs.existsSync('/proc/self/task') ? fs.readdirSync('/proc/self/task') : [];
  for (const thread of threads) os.setPriority(Number(thread), niceness);
} catch (err) {
  logger.warn({ err }, 'could not lower the worker priority');
}

process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));

await assertServicesReachable();
const metrics = config.metricsPort === undefined ? undefined : await startMetricsServer(config.metricsPort);
// The signal handlers below are in place before the workers say they started, so a stop asked for
// at any moment of the start waits for it and then stops them.
const running = runWorkers();

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'worker shutting down; finishing in-flight jobs');
  // A close that never returns (a statement or a connection that hangs) must not keep a stopped
  // worker alive and working: what it holds is taken over elsewhere (stalled jobs, unacknowledged
  // call events), as after a kill.
  // Past the grace for jobs in flight (5/8 of the deadline: 25 s of the default 40 s) and the closes
  // after it, the process ends regardless.
  const deadlineMs = config.workerShutdownDeadlineMs;
  setTimeout(() => {
    logger.error({ signal }, 'worker shutdown did not finish; exiting');
    flushLogs();
    process.exit(1);
  }, deadlineMs).unref();
  await (await running).stop(Math.round((deadlineMs * 5) / 8));
  await metrics?.close();
  await closeQueues();
  await closeBroadcaster();
  await closeNearCaches();
  closeMailTransports();
  await sequelize.close();
  await closeSharedRedis();
  flushLogs();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
await running;
// With everything loaded, one full collection (when Node exposes it: the worker's own flags, in
// scripts/workerNodeFlags.mjs): V8 sets the heap size of its next one from what survives it. Until
// a first full collection, that size is V8's start-up default: a list parsed right after a start
// grew the heap to 140 MB before it, where the worker holds some 60 MB.
(globalThis as { gc?: () => void }).gc?.();
