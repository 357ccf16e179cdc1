import {
  assertServicesReachable,
  closeBroadcaster,
  closeNearCaches,
  closeQueues,
  closeSharedRedis,
  flushLogs,
  logger,
  sequelize,
} from '@ringcast/backend';
import os from 'node:os';
import v8 from 'node:v8';
import { runWorkers } from './runWorkers';

// A parse of a million-row list makes garbage faster than V8's default heap growth collects it
// (its peak RSS went past 300 MB though it keeps under 60 MB alive); growing the heap for size
// rather than speed collects it sooner and keeps that parse under 200 MB.
v8.setFlagsFromString('--optimize-for-size');

// Where the worker shares cores with the api, the api's answers come first: Twilio waits on each
// webhook's answer, while the worker's work is batched and catches up in larger batches when it
// falls behind. Raising its own niceness needs no privilege; a host that refuses keeps it as is.
const WORKER_NICENESS = 10;
try {
  os.setPriority(Math.max(os.getPriority(), WORKER_NICENESS));
} catch (err) {
  logger.warn({ err }, 'could not lower the worker priority');
}

process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));

await assertServicesReachable();
const running = await runWorkers();

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'worker shutting down; finishing in-flight jobs');
  await running.stop();
  await closeQueues();
  await closeBroadcaster();
  await closeNearCaches();
  await sequelize.close();
  await closeSharedRedis();
  flushLogs();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
