// npm run bench:push-latency [-- --sockets 1000 --rounds 5 --warm-up-rounds 2 --mode paced|burst|both --cpu-prof <dir>]
// 1,000 signed-in sockets on one api process; another process publishes one event to every user's
// room per round through publish(), as the worker does; prints p50/p99 delivery latency. Targets:
// p99 < 50 ms at a steady 1,000 events/s (paced), and with all the round's events published in the
// same instant (burst). Also prints the CPU the api and this process's own sockets spent in each
// mode: the sockets of 1,000 browsers share this machine's cores with the api here, not in production.
// Each mode first publishes warm-up rounds that are not counted (their p99 is printed apart).
// Then the api restarts and every socket reconnects at once: prints how many handshakes were
// refused (target: none) and how long until all were back. Exits 1 if a target is missed.
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSecondsOf, percentile, useBenchEnvironment } from './benchEnv';
import { openBenchSockets } from './benchSockets';
import { verdict, type Check } from './verdict';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '5' },
    // Rounds published first in each mode and not counted: a running api has long compiled its
    // delivery path, and a cold one's first bursts measure V8 compiling it.
    'warm-up-rounds': { type: 'string', default: '2' },
    mode: { type: 'string', default: 'both' },
    // A directory: the api and the publisher write V8 CPU profiles there when they stop.
    'cpu-prof': { type: 'string' },
  },
});
const socketCount = Number(values.sockets);
const rounds = Number(values.rounds);
const warmUpRounds = Number(values['warm-up-rounds']);
const here = path.dirname(fileURLToPath(import.meta.url));
const profileDir = values['cpu-prof'] && path.resolve(values['cpu-prof']);
const profileArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];

const cleanUp = useBenchEnvironment();
const { freePort, spawnApi, sessionCookieFor } = await import('@ringcast/backend/testing');
const { migrateDatabase, sequelize, User, hashPassword, sharedRedis, closeSharedRedis } =
  await import('@ringcast/backend');

await migrateDatabase();
const port = await freePort();
let api = await spawnApi(port, {}, { nodeArgs: profileArgs });

// Users and sessions are made directly: the bench measures push, not 1,000 password hashes.
const passwordHash = await hashPassword('bench-password');
const users = await User.bulkCreate(
  Array.from({ length: socketCount }, (_, i) => ({
    firstName: 'Bench',
    lastName: `User ${i}`,
    email: `bench${i}@example.com`,
    passwordHash,
  })),
);
const cookies = await Promise.all(users.map((user) => sessionCookieFor(user.id)));

let latencies: number[] = [];
/** Each round's latencies apart: a slow round stands out from a slow tail in every round. */
let byRound: number[][] = [];
const now = () => performance.timeOrigin + performance.now();
const connectStarted = now();
const browsers = openBenchSockets(port, cookies, (socket) =>
  socket.on('campaign:deleted', (payload: { id: number; sentAt: number }) => {
    const ms = now() - payload.sentAt;
    if (payload.id >= warmUpRounds) latencies.push(ms);
    (byRound[payload.id] ??= []).push(ms);
  }),
);
const connectSeconds = await browsers.allConnected(connectStarted);
const refusedAtStart = browsers.refused();
console.log(
  `sockets connected: ${browsers.sockets.length} in ${connectSeconds.toFixed(1)} s (handshakes refused: ${refusedAtStart})`,
);

const TARGET_P99_MS = 50;

// What the api spends with nothing to push (its timers, the sandboxes' polling), so that what a
// mode costs it can be told apart.
const idleStartedAt = performance.now();
const idleCpuBefore = cpuSecondsOf(api.child.pid!);
await new Promise((resolve) => setTimeout(resolve, 2000));
const apiIdleCpuPerMs = (cpuSecondsOf(api.child.pid!) - idleCpuBefore) / (performance.now() - idleStartedAt);

// The publisher is a separate process, as the worker would be.
async function measure(mode: 'paced' | 'burst') {
  latencies = [];
  byRound = [];
  const startedAt = performance.now();
  const apiCpuBefore = cpuSecondsOf(api.child.pid!);
  const ownCpuBefore = process.cpuUsage();
  const publisher = spawn(
    process.execPath,
    [...profileArgs, '--import', 'tsx', path.join(here, 'push-publisher.ts')],
    {
      env: {
        ...process.env,
        BENCH_USER_IDS: users.map((u) => u.id).join(','),
        BENCH_ROUNDS: String(warmUpRounds + rounds),
        BENCH_MODE: mode,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  await new Promise((resolve) => publisher.once('exit', resolve));
  const expected = socketCount * rounds;
  const deadline = Date.now() + 10_000;
  while (latencies.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  const roundP99 = (round: number[] = []) =>
    percentile(
      [...round].sort((a, b) => a - b),
      99,
    ).toFixed(1);
  const warmUpP99s = byRound.slice(0, warmUpRounds).map(roundP99);
  const roundP99s = byRound.slice(warmUpRounds).map(roundP99);
  const own = process.cpuUsage(ownCpuBefore);
  const apiCpuMs = (cpuSecondsOf(api.child.pid!) - apiCpuBefore) * 1000;
  const apiIdleCpuMs = apiIdleCpuPerMs * 1000 * (performance.now() - startedAt);
  console.log(
    `[${mode}] events delivered: ${sorted.length} of ${expected} (${rounds} rounds x ${socketCount} user rooms)`,
  );
  console.log(
    `[${mode}] delivery latency p50: ${percentile(sorted, 50).toFixed(2)} ms, p99: ${p99.toFixed(2)} ms, max: ${sorted[sorted.length - 1]?.toFixed(2)} ms; p99 per round: ${roundP99s.join(', ')} ms (warm-up rounds, not counted: ${warmUpP99s.join(', ') || 'none'} ms)`,
  );
  console.log(
    `[${mode}] CPU: api ${apiCpuMs.toFixed(0)} ms (${apiIdleCpuMs.toFixed(0)} ms of it at its idle rate), the bench's own sockets ${((own.user + own.system) / 1000).toFixed(0)} ms`,
  );
  return {
    target: `${mode}: every event delivered, p99 under ${TARGET_P99_MS} ms at ${socketCount} sockets`,
    measured: `${sorted.length} of ${expected}, p99 ${p99.toFixed(1)} ms`,
    pass: sorted.length === expected && p99 < TARGET_P99_MS,
  } satisfies Check;
}

const modes = values.mode === 'both' ? (['paced', 'burst'] as const) : [values.mode as 'paced' | 'burst'];
const checks: Check[] = [];
for (const mode of modes) checks.push(await measure(mode));

// Every browser reconnects at once after an api restart (socket.io's backoff spreads them over a
// few seconds); each must get through.
browsers.resetRefused();
await api.stop();
api = await spawnApi(port, {}, { nodeArgs: profileArgs });
const restartedAt = now();
const backSeconds = await browsers.allConnected(restartedAt);
const refusedAfterRestart = browsers.refused();
console.log(
  `[restart] sockets back: ${browsers.sockets.length} in ${backSeconds.toFixed(1)} s from the api's start (handshakes refused: ${refusedAfterRestart})`,
);
checks.push({
  target: 'restart: no handshake refused, all back within the client backoff (5 s) and a few seconds',
  measured: `${refusedAtStart + refusedAfterRestart} refused, back in ${backSeconds.toFixed(1)} s`,
  pass: refusedAtStart + refusedAfterRestart === 0,
});
const exitCode = verdict(checks);

browsers.close();
await api.stop();
await sharedRedis().quit();
await closeSharedRedis();
await sequelize.close();
await cleanUp();
process.exit(exitCode);
