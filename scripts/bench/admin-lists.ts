// npm run bench:admin-lists [-- --users 10000 --campaigns 3000 --requests 200]
// Seeds 10,000 users (and some campaigns) into a scratch database, then times the admin lists one
// request at a time against the real api process: GET /api/admin/users (first page, a deep page,
// searches) and GET /api/admin/campaigns. Prints p50/p99 per case and the plan MariaDB uses for
// the first page. Target: p99 under 100 ms for every case.
import { parseArgs } from 'node:util';
import { percentile, useBenchEnvironment } from './benchEnv';
import { verdict } from './verdict';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    campaigns: { type: 'string', default: '3000' },
    requests: { type: 'string', default: '200' },
  },
});
const USERS = Number(values.users);
const CAMPAIGNS = Number(values.campaigns);
const REQUESTS = Number(values.requests);
const TARGET_P99_MS = 100;

const cleanUp = useBenchEnvironment();
const { freePort, spawnApi, TestClient } = await import('@ringcast/backend/testing');
const { migrateDatabase, sequelize, closeSharedRedis, hashPassword, config, User, Campaign } =
  await import('@ringcast/backend');

await migrateDatabase();

// 200 companies, so a company search finds about 50 users; created times spread over a year.
const COMPANIES = Array.from({ length: 200 }, (_, i) => `Company ${String(i).padStart(3, '0')} Group`);
const started = Date.now();
const yearAgo = started - 365 * 86_400_000;
const seedTime = (i: number, n: number) => new Date(yearAgo + Math.floor((i / n) * 365 * 86_400_000));
for (let from = 0; from < USERS; from += 1000) {
  await User.bulkCreate(
    Array.from({ length: Math.min(1000, USERS - from) }, (_, k) => {
      const i = from + k;
      return {
        firstName: `First${i}`,
        lastName: `Last${i}`,
        email: `user${i}@bench.example.com`,
        passwordHash: 'not-a-real-hash',
        companyName: COMPANIES[i % COMPANIES.length]!,
        createdAt: seedTime(i, USERS),
        updatedAt: seedTime(i, USERS),
      };
    }),
  );
}
const firstUserId = Number((await User.min('id')) ?? 1);
for (let from = 0; from < CAMPAIGNS; from += 1000) {
  await Campaign.bulkCreate(
    Array.from({ length: Math.min(1000, CAMPAIGNS - from) }, (_, k) => {
      const i = from + k;
      return {
        userId: firstUserId + ((i * 7) % USERS),
        name: `Campaign ${i} ${i % 2 ? 'Spring' : 'Autumn'} outreach`,
        type: 'appointment' as const,
        createdAt: seedTime(i, CAMPAIGNS),
        updatedAt: seedTime(i, CAMPAIGNS),
      };
    }),
  );
}
const adminEmail = `bench-admin@${config.adminEmailDomain}`;
await User.create({
  firstName: 'Bench',
  lastName: 'Admin',
  email: adminEmail,
  passwordHash: await hashPassword('secret123'),
  isAdmin: true,
});
console.log(
  `seeded ${USERS} users and ${CAMPAIGNS} campaigns in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

async function showPlan(title: string, sql: string) {
  const [rows] = await sequelize.query(`EXPLAIN ${sql}`);
  const steps = (rows as Record<string, unknown>[]).map(
    (r) => `${String(r.table)}: key=${String(r.key)} ${String(r.Extra ?? '')}`,
  );
  console.log(`plan of ${title}: ${steps.join('; ')}`);
}
// Each list reads its page of ids along an index, then those rows with their joins.
for (const table of ['users', 'campaigns', 'payments', 'support_tickets']) {
  await showPlan(
    `the ${table} first page`,
    `SELECT id FROM ${table} ORDER BY createdAt DESC, id DESC LIMIT 50`,
  );
}

const port = await freePort();
const api = await spawnApi(port);
const admin = new TestClient(`http://127.0.0.1:${port}`);
const login = await admin.post('/api/login', { email: adminEmail, password: 'secret123' });
if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${login.text}`);

let worst = 0;
async function time(title: string, path: string) {
  const latencies: number[] = [];
  let total = '';
  for (let i = 0; i < REQUESTS + 20; i++) {
    const t0 = performance.now();
    const res = await admin.get(path);
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
    total = res.headers.get('X-Total-Count') ?? '?';
    // The first 20 warm up connections and caches.
    if (i >= 20) latencies.push(ms);
  }
  latencies.sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  worst = Math.max(worst, p99);
  console.log(
    `${title.padEnd(40)} p50 ${percentile(latencies, 50).toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms   total ${total}`,
  );
}

console.log(`${REQUESTS} sequential requests per case, loopback, page size 50`);
await time('users, first page', '/api/admin/users');
await time('users, page 100 (rows 4,951-5,000)', '/api/admin/users?page=100');
await time('users, search by company (~50 hits)', '/api/admin/users?q=Company%20042');
await time('users, search by email (1 hit)', '/api/admin/users?q=user7777%40');
await time('users, search by full name', '/api/admin/users?q=First123%20Last123');
await time('campaigns, first page', '/api/admin/campaigns');
await time('campaigns, search by name', '/api/admin/campaigns?q=Campaign%20150%20');
const exitCode = verdict([
  {
    target: `p99 under ${TARGET_P99_MS} ms for every case`,
    measured: `worst p99 ${worst.toFixed(1)} ms`,
    pass: worst < TARGET_P99_MS,
  },
]);

await api.stop();
await sequelize.close();
await closeSharedRedis();
await cleanUp();
process.exit(exitCode);
