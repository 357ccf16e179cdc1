import http from 'node:http';
import { once } from 'node:events';
import { logger } from '@ringcast/backend';
import { exportSharedFigures, metricsExposition } from '@ringcast/backend/metrics';

export interface MetricsServer {
  port: number;
  close: () => Promise<void>;
}

/**
 * The worker's metrics for Prometheus, on a port of their own (`GET /metrics`), with no token: the
 * port is meant for the private network Prometheus scrapes on, never published. The workers also
 * export the figures every process shares (queue counts, the call events' stream, calls in flight),
 * read from Redis at each scrape. Port 0 takes a free one (tests); the answer says which.
 */
export async function startMetricsServer(port: number): Promise<MetricsServer> {
  exportSharedFigures();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    metricsExposition().then(
      ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType }).end(body),
      (err: unknown) => {
        logger.error({ err }, 'metrics scrape failed');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics unavailable');
      },
    );
  });
  server.listen(port);
  await once(server, 'listening');
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  logger.info({ port: bound }, `worker metrics on http://localhost:${bound}/metrics`);
  return {
    port: bound,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Prometheus keeps its connection alive between scrapes: it would hold the close open.
      server.closeAllConnections();
      await closed;
    },
  };
}
