import http from 'node:http';
import { ERROR_CODES } from '@ringcast/shared-types';
import { config } from './config';
import { flushLogs, logger } from './logger';
import { HTTPS_CONFIGURATION_HINT } from './middlewares/requireHttps';
import { createApp } from './app';
import { SOCKET_IO_PATH, attachRealtime } from './realtime/socketServer';
import { routeUpgrades } from './upgradeRouter';
import { RELAY_PATH, createRelayServer } from './relay/relayServer';
import { closeBroadcaster, flushPublishes, useBroadcaster } from './events/publish';
import { migrateDatabase } from './db/migrate';
import { sequelize } from './db/sequelize';
import { closeSharedRedis } from './redis';
import { closeQueues, openAwaitedQueueEvents } from './queues';
import { closeNearCaches } from './lib/nearCache';
import { assertServicesReachable } from './lib/serviceChecks';
import { startDraining } from './lib/draining';
import { closeTwilioSandboxRedis, startTwilioSandboxPlayer } from '@ringcast/sandbox';
import { twilioSandboxHost } from './twilioSandboxHost';
import { startMailSandboxHere } from './mailSandbox';

export interface RunningServer {
  port: number;
  /**
   * Stops taking new work (readiness 503, new relay sessions refused) and waits for the live relay
   * sessions to end with their calls, up to `ms` or until `cut` aborts. Everything else is served
   * meanwhile. `close` follows it.
   */
  drain: (ms: number, cut?: AbortSignal) => Promise<void>;
  close: () => Promise<void>;
}

export interface ServerOptions {
  /** Play the Twilio sandbox's calls in this process (an api in sandbox mode does, unless told not to). */
  playTwilioSandboxCalls?: boolean;
  /** Run the mail sandbox's SMTP server in this process (an api without SMTP_URL does, unless told not to). */
  runMailSandbox?: boolean;
  /**
   * Leave the database pool open when the server closes: the process goes on using it (a test
   * worker starts the next file's api in the same process). Redis and the queues reopen by themselves.
   */
  keepDatabaseOpen?: boolean;
}

/** Answers every HTTP request of a process that does not run the api. */
const notServedHere: http.RequestListener = (_req, res) => {
  res
    .writeHead(404, { 'Content-Type': 'application/json' })
    .end(JSON.stringify({ error: 'Not found', code: ERROR_CODES.notFound }));
};

/**
 * Connections waiting to be accepted. Node's default (511) overflows when Twilio opens connections
 * in a burst while the api is busy: Linux then drops the handshake's last packet and the caller's
 * retry waits a second, then three, then seven. The kernel caps this at net.core.somaxconn.
 */
const LISTEN_BACKLOG = 4096;

/**
 * How long a kept-alive connection may sit idle before the api closes it. Node's default (5 s) is
 * shorter than the idle timeouts of the clients and proxies in front of us (a load balancer's 60 s,
 * say): a client that reuses a connection the moment the api closes it has its request reset, a
 * callback lost or, if the client tries again, late. Closing an idle connection is left to the
 * client, so ours waits longer than theirs.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Not 0: that would keep an idle connection for ever. */
const CLOSING_KEEP_ALIVE_MS = 1;

/**
 * Starts the server with the services config.services names (SERVICES): the api (HTTP and
 * Socket.IO) and the relay (the ConversationRelay WebSocket on /relay). Migrations first. Returns a
 * handle that shuts it all down.
 */
export async function startServer(
  port = config.port,
  {
    playTwilioSandboxCalls = config.services.api && config.sandboxes.twilio,
    runMailSandbox = config.services.api && config.sandboxes.mail,
    keepDatabaseOpen = false,
  }: ServerOptions = {},
): Promise<RunningServer> {
  await assertServicesReachable();
  await migrateDatabase();
  const { services } = config;
  const httpServer = http.createServer(
    { keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS },
    services.api ? createApp().callback() : notServedHere,
  );
  const realtime = services.api ? attachRealtime(httpServer) : undefined;
  useBroadcaster(realtime?.io);
  const relay = services.relay ? createRelayServer() : undefined;
  routeUpgrades(httpServer, {
    routes: relay ? { [RELAY_PATH]: relay.upgrade } : {},
    attached: realtime ? [`${SOCKET_IO_PATH}/`] : [],
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen({ port, backlog: LISTEN_BACKLOG }, resolve);
  });
  if (services.api)
    openAwaitedQueueEvents().catch((err: Error) =>
      logger.warn({ err }, 'could not open the job result listeners'),
    );
  const twilioSandboxPlayer = playTwilioSandboxCalls
    ? startTwilioSandboxPlayer({ host: twilioSandboxHost })
    : undefined;
  const mailSandbox = runMailSandbox ? await startMailSandboxHere() : undefined;
  const address = httpServer.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  logger.info({ port: boundPort, services }, `Ringcast api listening on http://localhost:${boundPort}`);
  // Behind a TLS-terminating proxy the api cannot tell https from http without TRUST_PROXY.
  if (config.httpsOnly && !config.trustProxy)
    logger.warn(`TRUST_PROXY is not set. ${HTTPS_CONFIGURATION_HINT}`);
  flushLogs();

  return {
    port: boundPort,
    drain: async (ms, cut) => {
      startDraining();
      const sessions = relay?.liveSessions() ?? 0;
      logger.info({ relaySessions: sessions, drainSeconds: ms / 1000 }, 'api draining');
      flushLogs();
      const started = Date.now();
      const left = sessions ? ((await relay?.drain(ms, cut)) ?? 0) : 0;
      logger.info({ relaySessionsLeft: left, seconds: (Date.now() - started) / 1000 }, 'api drained');
    },
    close: async () => {
      // Closing the server closes the connections idle at that moment; one still answering a
      // request starts its keep-alive wait when its answer is out, and is closed right after.
      httpServer.keepAliveTimeout = CLOSING_KEEP_ALIVE_MS;
      await twilioSandboxPlayer?.stop();
      await mailSandbox?.close();
      // Relay sessions end first: their last turns are saved and pushed while the sockets' server
      // (and its Redis adapter) still runs.
      await relay?.close();
      // Pushes still held or being read go out while the sockets' server and its adapter run:
      // published after, they would meet the adapter's closed Redis connection.
      await flushPublishes();
      await realtime?.close();
      // A session that outlived its grace publishes through the emitter, closed below.
      useBroadcaster(undefined);
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await closeBroadcaster();
      await closeQueues();
      await closeNearCaches();
      if (!keepDatabaseOpen) await sequelize.close();
      await closeTwilioSandboxRedis();
      await closeSharedRedis();
    },
  };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
  // The signal handlers are in place before the server starts: a stop asked for at any moment of
  // the start (a supervisor's, right after the listening line) waits for it, then drains, instead
  // of killing the process with Node's default action.
  const starting = startServer();
  let stopping = false;
  // A second signal while draining ends the drain at once (an operator who will not wait).
  const cutDrain = new AbortController();
  const stop = async (signal: string) => {
    if (stopping) return cutDrain.abort();
    stopping = true;
    logger.info({ signal }, 'api shutting down');
    const server = await starting;
    await server.drain(config.drainMs, cutDrain.signal);
    // The close is bounded, from the end of the drain: a hung close must not keep the process.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await server.close();
    flushLogs();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await starting;
}
