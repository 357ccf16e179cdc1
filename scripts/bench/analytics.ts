// npm run bench:analytics [-- --campaign-calls 1000000 --user-calls 2000000 --requests 200]
// The Analytics tab and the dashboard read aggregates kept as calls settle, never the call records.
// In a scratch database: one campaign with 1,000,000 calls over 90 days to prospects of all 357
// area codes, and one user with 50 campaigns and 2,000,000 calls over a year. The calls are made
// up in memory (a seeded mix of outcomes, lengths, directions and local hours) and each goes
// through the settlement's own rule (contributionOf) and, for the answered ones, what the analysis
// adds (sentiment, quality, response times); only the aggregate rows they produce are inserted, in
// bulk. Then, through the real api over HTTP, signed in, one request at a time: p50/p99 of the
// Analytics tab (30, 90 and 365 days) and of GET /api/dashboard?days=30|90|365, each request just
// after a primary-key read (GET /api/campaigns/:id) whose p50/p99 print beside it. Targets: p99
// under 100 ms for the campaign, 150 ms for the dashboard.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { AREA_CODE_STATES, responseBucketOf } from '@ringcast/shared-types';
import { percentile, useBenchEnvironment } from './benchEnv';
import { verdict } from './verdict';

const { values } = parseArgs({
  options: {
    'campaign-calls': { type: 'string', default: '1000000' },
    'user-calls': { type: 'string', default: '2000000' },
    requests: { type: 'string', default: '200' },
  },
});
const CAMPAIGN_CALLS = Number(values['campaign-calls']);
const USER_CALLS = Number(values['user-calls']);
const REQUESTS = Number(values.requests);
const USER_CAMPAIGNS = 50;
const TARGETS = { campaign: 100, dashboard: 150 };
const DAY_MS = 86_400_000;

const cleanUp = useBenchEnvironment();
const { freePort, spawnApi, registeredClient } = await import('@ringcast/backend/testing');
// The settlement's own rule (contributionOf) and merge (mergedSteps) make the aggregate rows.
const {
  migrateDatabase,
  sequelize,
  closeSharedRedis,
  Campaign,
  contributionOf,
  zoneOfProspect,
  mergedSteps,
  STAT_TABLES,
} = await import('@ringcast/backend');
const { callingAreaOf, storedCallingArea } = await import('@ringcast/backend/calls');
type StatTable = keyof typeof STAT_TABLES;

await migrateDatabase();
const port = await freePort();
const api = await spawnApi(port);
const baseUrl = `http://127.0.0.1:${port}`;
const single = await registeredClient(baseUrl);
const many = await registeredClient(baseUrl);
const bigCampaign = await Campaign.create({
  userId: single.user.id,
  name: 'One million calls',
  type: 'appointment',
  status: 'active',
});
const userCampaigns = await Campaign.bulkCreate(
  Array.from({ length: USER_CAMPAIGNS }, (_, i) => ({
    userId: many.user.id,
    name: `Campaign ${i + 1}`,
    type: 'quote' as const,
    status: 'active' as const,
  })),
);

// Each area code's prospects are shown in their number's zone, as the call records' presenter does.
const zones = Object.keys(AREA_CODE_STATES).map((code) =>
  zoneOfProspect(storedCallingArea(callingAreaOf(`+1${code}5550100`)).timeZone),
);

let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

/** Every aggregate row the calls produce, merged (the same merge the settlement's statement makes). */
const rows = Object.fromEntries(
  Object.keys(STAT_TABLES).map((t) => [t, new Map<string, { key: (number | string)[]; add: number[] }>()]),
) as Record<StatTable, Map<string, { key: (number | string)[]; add: number[] }>>;
const pending = Object.fromEntries(Object.keys(STAT_TABLES).map((t) => [t, [] as unknown[]])) as Record<
  StatTable,
  unknown[]
>;
function flush(table: StatTable) {
  for (const row of mergedSteps(table, pending[table] as never)) {
    const id = row.key.join('|');
    const kept = rows[table].get(id);
    if (kept) row.add.forEach((n, i) => (kept.add[i]! += n));
    else rows[table].set(id, row);
  }
  pending[table] = [];
}
function step(table: StatTable, step: unknown) {
  pending[table].push(step);
  if (pending[table].length >= 50_000) flush(table);
}

const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
const settledAt = new Date();
const OUTCOMES = [
  'interested',
  'appointment_booked',
  'call_back_later',
  'not_interested',
  'wrong_number',
  'do_not_call',
] as const;

/** One made-up call: its settlement's contribution, then what its analysis adds. */
function simulateCall(campaignId: number, days: number) {
  const day = today - Math.floor(random() * days) * DAY_MS;
  // Mostly US business hours: 13:00 to 01:00 UTC.
  const createdAt = new Date(day + (13 + random() * 12) * 3_600_000);
  const inbound = random() < 0.03;
  const r = random();
  const status = r < 0.35 ? 'no_answer' : r < 0.43 ? 'busy' : r < 0.46 ? 'failed' : 'completed';
  const answeredBy = status !== 'completed' ? null : random() < 0.25 ? 'machine' : 'human';
  const person = answeredBy === 'human';
  const outcome = person && random() < 0.7 ? pick(OUTCOMES) : null;
  const transferred = person && !outcome && random() < 0.1;
  const successful = person && (transferred || outcome === 'interested' || outcome === 'appointment_booked');
  const c = contributionOf(
    {
      campaignId,
      createdAt,
      queuedAt: inbound ? null : createdAt,
      direction: inbound ? 'inbound' : 'outbound',
      test: false,
      settledAt,
      status,
      dialedAt: createdAt,
      answeredBy,
      successful,
      outcome,
      appointmentId: outcome === 'appointment_booked' ? 1 : null,
      transferStatus: transferred ? 'connected' : null,
      durationSeconds: person ? Math.floor(5 + random() * random() * 900) : answeredBy ? 25 : 0,
      cost: status === 'completed' ? '0.80' : '0.00',
    },
    inbound ? null : pick(zones),
  )!;
  step('campaign_daily_stats', c.daily);
  if (c.hourly) step('campaign_hourly_stats', c.hourly);
  if (c.talk) step('campaign_talk_times', c.talk);
  if (!person) return;
  const turns = 2 + Math.floor(random() * 10);
  const sentiment = pick(['sentimentPositive', 'sentimentNeutral', 'sentimentNegative'] as const);
  const key = c.daily.key;
  step('campaign_daily_stats', {
    key,
    add: {
      conversations: inbound ? 0 : 1,
      analysed: 1,
      goalMet: successful ? 1 : 0,
      [sentiment]: 1,
      qualityCalls: 1,
      responseTurns: turns,
      calleeInterruptions: Math.floor(random() * 3),
      agentInterruptions: Math.floor(random() * 2),
      silences: Math.floor(random() * 2),
    },
  });
  for (let t = 0; t < turns; t++) {
    const ms = 350 + Math.floor(random() * random() * 4000);
    step('campaign_response_times', { key: { ...key, bucketMs: responseBucketOf(ms) }, add: { turns: 1 } });
  }
}

const seeding = Date.now();
for (let i = 0; i < CAMPAIGN_CALLS; i++) simulateCall(bigCampaign.id, 90);
for (let i = 0; i < USER_CALLS; i++) simulateCall(userCampaigns[i % USER_CAMPAIGNS]!.id, 365);
for (const table of Object.keys(STAT_TABLES) as StatTable[]) flush(table);
const simulated = Date.now();
for (const table of Object.keys(STAT_TABLES) as StatTable[]) {
  const { keys, counts } = STAT_TABLES[table];
  const all = [...rows[table].values()];
  for (let from = 0; from < all.length; from += 5000) {
    const values = all
      .slice(from, from + 5000)
      .map((row) => `(${[...row.key.map((v) => sequelize.escape(v)), ...row.add].join(',')})`);
    await sequelize.query(
      `INSERT INTO ${table} (${[...keys, ...counts].join(',')}) VALUES ${values.join(',')}`,
    );
  }
  if (all.length) console.log(`${table.padEnd(24)} ${String(all.length).padStart(9)} rows`);
}
await sequelize.query(
  `INSERT INTO campaign_stat_adjustments (campaignId, totalCalls, successfulCalls, totalCost, effectiveAt, createdAt)
   VALUES ${userCampaigns
     .slice(0, 10)
     .map((c, i) => `(${c.id}, 10, 2, 8.00, UTC_TIMESTAMP(3) - INTERVAL ${i * 20} DAY, UTC_TIMESTAMP(3))`)
     .join(', ')}`,
);
await sequelize.query(
  'ANALYZE TABLE campaign_daily_stats, campaign_hourly_stats, campaign_talk_times, campaign_response_times',
);
console.log(
  `${CAMPAIGN_CALLS.toLocaleString('en-US')} calls of one campaign and ${USER_CALLS.toLocaleString('en-US')} of ${USER_CAMPAIGNS} campaigns: ` +
    `made up in ${((simulated - seeding) / 1000).toFixed(1)} s, aggregates inserted in ${((Date.now() - simulated) / 1000).toFixed(1)} s`,
);

const day = (daysAgo: number) => new Date(today - daysAgo * DAY_MS).toISOString().slice(0, 10);
const results: { title: string; p99: number; target: number | null }[] = [];
const id = bigCampaign.id;
const keyRead = `/api/campaigns/${id}`;
/**
 * The case's requests, each just after a primary-key read (GET /api/campaigns/:id) timed the same
 * way: on a shared machine the pair's figures move together, and the ratio says what is ours.
 */
async function time(title: string, client: typeof single.client, path: string, target: number | null) {
  const latencies: number[] = [];
  const baseline: number[] = [];
  const get = async (url: string, into: number[], warm: boolean) => {
    const t0 = performance.now();
    const res = await (url === keyRead ? single.client : client).get(url);
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text}`);
    if (!warm) into.push(ms);
  };
  for (let i = 0; i < REQUESTS + 20; i++) {
    // The first 20 warm up connections and caches.
    await get(keyRead, baseline, i < 20);
    await get(path, latencies, i < 20);
  }
  for (const list of [latencies, baseline]) list.sort((a, b) => a - b);
  const [p50, p99] = [percentile(latencies, 50), percentile(latencies, 99)];
  const [b50, b99] = [percentile(baseline, 50), percentile(baseline, 99)];
  results.push({ title, p99, target });
  console.log(
    `${title.padEnd(40)} p50 ${p50.toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms` +
      `   (key read ${b50.toFixed(1)} / ${b99.toFixed(1)} ms: ${(p50 / b50).toFixed(1)}x / ${(p99 / b99).toFixed(1)}x)` +
      (target ? `   target p99 < ${target} ms` : ''),
  );
}

console.log(`${REQUESTS} sequential requests per case, loopback, signed in, each after a primary-key read`);
await time(
  'analytics, the big campaign, 30 days',
  single.client,
  `/api/campaigns/${id}/analytics`,
  TARGETS.campaign,
);
await time(
  'analytics, the big campaign, 90 days',
  single.client,
  `/api/campaigns/${id}/analytics?from=${day(89)}`,
  TARGETS.campaign,
);
await time(
  'analytics, the big campaign, 365 days',
  single.client,
  `/api/campaigns/${id}/analytics?from=${day(364)}`,
  TARGETS.campaign,
);
for (const days of [30, 90, 365])
  await time(
    `dashboard, the user of 50 campaigns, ${days} d`,
    many.client,
    `/api/dashboard?days=${days}`,
    TARGETS.dashboard,
  );
console.log(`machine load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);

const exitCode = verdict(
  results
    .filter((r) => r.target !== null)
    .map((r) => ({
      target: `${r.title}: p99 under ${r.target} ms`,
      measured: `p99 ${r.p99.toFixed(1)} ms`,
      pass: r.p99 < r.target!,
    })),
);

await api.stop();
await sequelize.close();
await closeSharedRedis();
await cleanUp();
process.exit(exitCode);
