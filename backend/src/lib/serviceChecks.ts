import net from 'node:net';
import { config } from '../config';

function reachable(host: string, port: number, timeoutMs = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The URL with any password hidden, for messages. */
function safeUrl(raw: string): string {
  const url = new URL(raw);
  if (url.password) url.password = '***';
  return url.toString();
}

/**
 * Exits at once, with a message saying what to start, when MySQL or Redis cannot be reached.
 * Better than a stack trace from a connection pool thirty seconds later.
 */
export async function assertServicesReachable(): Promise<void> {
  const checks = [
    { name: 'MySQL', url: config.databaseUrl, defaultPort: 3306, variable: 'DATABASE_URL', service: 'mysql' },
    // A Redis Cluster's REDIS_URL lists its nodes: the first one stands for it.
    {
      name: 'Redis',
      url: config.redisUrl.split(',')[0]!.trim(),
      defaultPort: 6379,
      variable: 'REDIS_URL',
      service: 'redis',
    },
  ];
  const failures: string[] = [];
  for (const check of checks) {
    const url = new URL(check.url);
    const port = Number(url.port) || check.defaultPort;
    if (!(await reachable(url.hostname, port))) {
      failures.push(
        `Cannot reach ${check.name} at ${safeUrl(check.url)}. Start it (for example: docker compose up -d ${check.service}) or point ${check.variable} at a running server.`,
      );
    }
  }
  if (failures.length) {
    console.error(failures.join('\n'));
    process.exit(1);
  }
}
