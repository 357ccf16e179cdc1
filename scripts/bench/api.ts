// npm run bench:api [-- --seconds 10 --connections 20 --rounds 3 --cpu-prof <dir>]
// Requests/s and p99 of GET /api/auth/user (signed in: session from Redis, user from MySQL,
// presenter) beside a bare Koa JSON route, each in its own process, measured in the same run.
// Target: at least half the bare route's throughput and of its CPU efficiency; exits 1 below it.
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { useBenchEnvironment } from './benchEnv';
import { verdict, type Check } from './verdict';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    'cpu-prof': { type: 'string' },
  },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const here = path.dirname(fileURLToPath(import.meta.url));

const cleanUp = useBenchEnvironment();
const { freePort, spawnApi, registeredClient } = await import('@ringcast/backend/testing');
const { migrateDatabase, sequelize, closeSharedRedis } = await import('@ringcast/backend');

await migrateDatabase();
const [apiPort, barePort] = [await freePort(), await freePort()];
const profileDir = values['cpu-prof'] && path.resolve(values['cpu-prof']);
const api = await spawnApi(
  apiPort,
  process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {},
  { nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] },
);
const bare = spawn(path.resolve(here, '../../node_modules/.bin/tsx'), [path.join(here, 'bare-koa.ts')], {
  env: { ...process.env, PORT: String(barePort) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) =>
  bare.stdout?.on('data', (d: Buffer) => d.toString().includes('listening') && resolve()),
);

const { client } = await registeredClient(`http://127.0.0.1:${apiPort}`);

/**
 * CPU seconds used so far by a process and its descendants (tsx runs the script in a child
 * process). Linux /proc; undefined elsewhere.
 */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    let total = (Number(fields[11]) + Number(fields[12])) / 100;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of children ? children.split(' ') : []) total += cpuSeconds(Number(child)) ?? 0;
    return total;
  } catch {
    return undefined;
  }
}

async function load(
  title: string,
  url: string,
  pid: number | undefined,
  headers: Record<string, string> = {},
) {
  // A short warm-up so both sides are measured hot.
  await autocannon({ url, connections, duration: 2, headers });
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, connections, duration, headers });
  const cpuAfter = cpuSeconds(pid);
  const cpuMicros =
    cpuBefore === undefined || cpuAfter === undefined
      ? NaN
      : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total;
  const rps = result.requests.average;
  console.log(
    `${title.padEnd(34)} ${rps.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   ${cpuMicros.toFixed(0).padStart(4)} µs CPU/req   2xx ${result['2xx']}/${result.requests.total}`,
  );
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps, cpuMicros };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// Rounds alternate between the two servers so a noisy moment on a shared machine hits both.
console.log(`${connections} connections, ${duration} s each, ${rounds} rounds, loopback`);
const throughput: number[] = [];
const cpu: number[] = [];
for (let round = 1; round <= rounds; round++) {
  const bareRun = await load('bare Koa JSON route', `http://127.0.0.1:${barePort}/`, bare.pid);
  const apiRun = await load(
    'GET /api/auth/user (signed in)',
    `http://127.0.0.1:${apiPort}/api/auth/user`,
    api.child.pid,
    {
      Cookie: client.cookieHeader,
    },
  );
  throughput.push(apiRun.rps / bareRun.rps);
  cpu.push(bareRun.cpuMicros / apiRun.cpuMicros);
}
const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
const TARGET = 0.5;
console.log(`ratio per round: ${throughput.map(percent).join(', ')}`);
const checks: Check[] = [
  {
    target: `throughput at least ${percent(TARGET)} of the bare route's (median of ${rounds} rounds)`,
    measured: percent(median(throughput)),
    pass: median(throughput) >= TARGET,
  },
];
// CPU efficiency: the bare route's CPU per request over ours. Linux only (/proc).
if (cpu.every(Number.isFinite))
  checks.push({
    target: `CPU per request at least ${percent(TARGET)} as efficient as the bare route's (median)`,
    measured: percent(median(cpu)),
    pass: median(cpu) >= TARGET,
  });
const exitCode = verdict(checks);

bare.kill('SIGTERM');
await api.stop();
await sequelize.close();
await closeSharedRedis();
await cleanUp();
process.exit(exitCode);
