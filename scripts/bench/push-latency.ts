// npm run bench:push-latency [-- --sockets 1000 --rounds 5 --mode paced|burst|both]
// 1,000 signed-in sockets on one api process; another process publishes one event to every user's
// room per round through the Redis emitter; prints p50/p99 delivery latency. Target: p99 < 50 ms
// at a steady 1,000 events/s (paced); burst shows the cost of 1,000 events in the same instant.
// Then the api restarts and every socket reconnects at once: prints how many handshakes were
// refused (target: none) and how long until all were back.
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, useBenchEnvironment } from './benchEnv';
import { openBenchSockets } from './benchSockets';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '5' },
    mode: { type: 'string', default: 'both' },
  },
});
const socketCount = Number(values.sockets);
const rounds = Number(values.rounds);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

const cleanUp = useBenchEnvironment();
const { freePort, spawnApi, sessionCookieFor } = await import('@ringcast/backend/testing');
const { migrateDatabase, sequelize, User, hashPassword, sharedRedis, closeSharedRedis } =
  await import('@ringcast/backend');

await migrateDatabase();
const port = await freePort();
let api = await spawnApi(port);

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
const now = () => performance.timeOrigin + performance.now();
const connectStarted = now();
const browsers = openBenchSockets(port, cookies, (socket) =>
  socket.on('campaign:deleted', (payload: { sentAt: number }) => latencies.push(now() - payload.sentAt)),
);
const connectSeconds = await browsers.allConnected(connectStarted);
const refusedAtStart = browsers.refused();
console.log(
  `sockets connected: ${browsers.sockets.length} in ${connectSeconds.toFixed(1)} s (handshakes refused: ${refusedAtStart})`,
);

// The publisher is a separate process, as the worker would be.
async function measure(mode: 'paced' | 'burst') {
  latencies = [];
  const publisher = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(here, 'push-publisher.ts')], {
    env: {
      ...process.env,
      BENCH_USER_IDS: users.map((u) => u.id).join(','),
      BENCH_ROUNDS: String(rounds),
      BENCH_MODE: mode,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await new Promise((resolve) => publisher.once('exit', resolve));
  const expected = socketCount * rounds;
  const deadline = Date.now() + 10_000;
  while (latencies.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `[${mode}] events delivered: ${sorted.length} of ${expected} (${rounds} rounds x ${socketCount} user rooms)`,
  );
  console.log(
    `[${mode}] delivery latency p50: ${percentile(sorted, 50).toFixed(2)} ms, p99: ${percentile(sorted, 99).toFixed(2)} ms, max: ${sorted[sorted.length - 1]?.toFixed(2)} ms`,
  );
  return sorted.length === expected;
}

const modes = values.mode === 'both' ? (['paced', 'burst'] as const) : [values.mode as 'paced' | 'burst'];
let allDelivered = true;
for (const mode of modes) allDelivered = (await measure(mode)) && allDelivered;
console.log('target: p99 < 50 ms (paced)');

// Every browser reconnects at once after an api restart (socket.io's backoff spreads them over a
// few seconds); each must get through.
browsers.resetRefused();
await api.stop();
api = await spawnApi(port);
const restartedAt = now();
const backSeconds = await browsers.allConnected(restartedAt);
const refusedAfterRestart = browsers.refused();
console.log(
  `[restart] sockets back: ${browsers.sockets.length} in ${backSeconds.toFixed(1)} s from the api's start (handshakes refused: ${refusedAfterRestart})`,
);
console.log('target: no handshake refused; all back within the client backoff (5 s) and a few seconds');

browsers.close();
await api.stop();
await sharedRedis().quit();
await closeSharedRedis();
await sequelize.close();
await cleanUp();
process.exit(allDelivered && refusedAtStart + refusedAfterRestart === 0 ? 0 : 1);
