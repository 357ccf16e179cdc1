// npm run bench:api [-- --seconds 10 --connections 20]
// Requests/s and p99 of GET /api/auth/user (signed in: session from Redis, user from MySQL,
// presenter) beside a bare Koa JSON route, each in its own process, measured in the same run.
// Target: at least half the bare route's throughput.
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { useBenchEnvironment } from './benchEnv';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);
const here = path.dirname(fileURLToPath(import.meta.url));

const cleanUp = useBenchEnvironment();
const { freePort, spawnApi } = await import('../../backend/test/helpers/processes');
const { registeredClient } = await import('../../backend/test/helpers/client');
const { migrateDatabase, sequelize, closeSharedRedis } = await import('@ringcast/backend');

await migrateDatabase();
const [apiPort, barePort] = [await freePort(), await freePort()];
const api = await spawnApi(apiPort, process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {});
const bare = spawn(path.resolve(here, '../../node_modules/.bin/tsx'), [path.join(here, 'bare-koa.ts')], {
  env: { ...process.env, PORT: String(barePort) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) => bare.stdout?.on('data', (d: Buffer) => d.toString().includes('listening') && resolve()));

const { client } = await registeredClient(`http://127.0.0.1:${apiPort}`);

async function load(title: string, url: string, headers: Record<string, string> = {}) {
  // A short warm-up so both sides are measured hot.
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration, headers });
  const ok = result['2xx'];
  const rps = result.requests.average;
  console.log(
    `${title.padEnd(34)} ${rps.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   2xx ${ok}/${result.requests.total}`,
  );
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return rps;
}

console.log(`${connections} connections, ${duration} s each, loopback`);
const bareRps = await load('bare Koa JSON route', `http://127.0.0.1:${barePort}/`);
const apiRps = await load('GET /api/auth/user (signed in)', `http://127.0.0.1:${apiPort}/api/auth/user`, {
  Cookie: client.cookieHeader,
});
const ratio = apiRps / bareRps;
console.log(`ratio: ${(ratio * 100).toFixed(0)}% of the bare route (target >= 50%)`);

bare.kill('SIGTERM');
await api.stop();
await sequelize.close();
await closeSharedRedis();
await cleanUp();
