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
import { runWorkers } from './runWorkers';

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
