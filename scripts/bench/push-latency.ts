// npm run bench:push-latency [-- --sockets 1000 --rounds 5 --mode paced|burst|both]
// 1,000 signed-in sockets on one api process; another process publishes one event to every user's
// room per round through the Redis emitter; prints p50/p99 delivery latency. Target: p99 < 50 ms
// at a steady 1,000 events/s (paced); burst shows the cost of 1,000 events in the same instant.
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import { percentile, useBenchEnvironment } from './benchEnv';

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
const api = await spawnApi(port);

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
const sockets: Socket[] = [];
const connectStarted = now();
await Promise.all(
  cookies.map(
    (cookie) =>
      new Promise<void>((resolve, reject) => {
        const socket = connect(`http://127.0.0.1:${port}`, {
          transports: ['websocket'],
          extraHeaders: { Cookie: cookie },
          reconnection: false,
        });
        socket.on('campaign:deleted', (payload: { sentAt: number }) =>
          latencies.push(now() - payload.sentAt),
        );
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
        sockets.push(socket);
      }),
  ),
);
const connectSeconds = (now() - connectStarted) / 1000;

console.log(`sockets connected: ${sockets.length} in ${connectSeconds.toFixed(1)} s`);

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

sockets.forEach((s) => s.close());
await api.stop();
await sharedRedis().quit();
await closeSharedRedis();
await sequelize.close();
await cleanUp();
process.exit(allDelivered ? 0 : 1);
