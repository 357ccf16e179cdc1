import http from 'node:http';
import { config } from './config';
import { flushLogs, logger } from './logger';
import { createApp } from './app';
import { attachRealtime } from './realtime/socketServer';
import { closeBroadcaster, useBroadcaster } from './events/publish';
import { migrateDatabase } from './db/migrate';
import { sequelize } from './db/sequelize';
import { closeSharedRedis } from './redis';
import { closeQueues } from './queues';
import { closeNearCaches } from './services/nearCache';
import { assertServicesReachable } from './services/serviceChecks';

export interface RunningServer {
  port: number;
  close: () => Promise<void>;
}

/** Starts the api: migrations, HTTP, Socket.IO. Returns a handle that shuts it all down. */
export async function startServer(port = config.port): Promise<RunningServer> {
  await assertServicesReachable();
  await migrateDatabase();
  const app = createApp();
  const httpServer = http.createServer(app.callback());
  const realtime = attachRealtime(httpServer);
  useBroadcaster(realtime.io);

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, resolve);
  });
  const address = httpServer.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  logger.info({ port: boundPort }, `Ringcast api listening on http://localhost:${boundPort}`);
  flushLogs();

  return {
    port: boundPort,
    close: async () => {
      await realtime.close();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      useBroadcaster(undefined);
      await closeBroadcaster();
      await closeQueues();
      await closeNearCaches();
      await sequelize.close();
      await closeSharedRedis();
    },
  };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
  const server = await startServer();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'api shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await server.close();
    flushLogs();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
