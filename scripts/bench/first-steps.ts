// npm run bench:first-steps [-- --runs 3]
// A new customer's first steps, in Chromium against a freshly started api and worker (as after
// `npm start`): the first script generated, Pay & Launch to the Pay button, Pay to "Campaign
// Activated", the campaign page, Pause and Start. Each step runs twice, cold then warm, per run
// (a fresh api and worker each); prints the medians. Target: every step under 1 s, the campaign
// page's first paint under 500 ms.
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { useBenchEnvironment } from './benchEnv';
import { verdict } from './verdict';
import { API_NODE_FLAGS } from '../apiNodeFlags.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, waterfall: { type: 'boolean', default: false } },
});
const runs = Number(values.runs);
const cleanUp = useBenchEnvironment();
process.env.FRONTEND_DIST ||= 'frontend/dist';
const { freePort, spawnProcess } = await import('@ringcast/backend/testing');
// A busy machine may take longer than the tests' 30 s to start them.
const START_TIMEOUT_MS = 120_000;
const spawnApi = (port: number, env: Record<string, string>) =>
  spawnProcess(
    'backend/src/server.ts',
    { PORT: String(port), ...env },
    /api listening/,
    { nodeArgs: API_NODE_FLAGS },
    START_TIMEOUT_MS,
  );
const spawnWorker = (env: Record<string, string>) =>
  spawnProcess('worker/src/main.ts', env, /worker started/, {}, START_TIMEOUT_MS);
const { migrateDatabase, sequelize, closeSharedRedis } = await import('@ringcast/backend');
await migrateDatabase();

const DRAFT = {
  type: 'appointment',
  audienceIndustry: 'healthcare',
  audienceAgeRange: '26-35',
  goal: 'Book annual checkups',
  aiAgentName: 'Ava',
  aiAgentVoice: 'female',
  aiAgentTone: 'friendly',
  scriptAnswering: 'Hi, this is Ava from the clinic.',
  companyWebsites: 'https://clinic.example',
  hasProvidedList: false,
  monthlyCallVolume: 500,
  useProvidedNumber: true,
  providedNumberAreaCode: '907',
};

type Figures = Record<string, number[]>;
const figures: Figures = {};
const record = (name: string, ms: number) => (figures[name] ??= []).push(ms);
const since = (started: number) => performance.now() - started;

async function timed(name: string, step: () => Promise<unknown>) {
  const started = performance.now();
  await step();
  record(name, since(started));
}

/** A toast with this title is on screen (spec: one at a time, role status). */
const toastShown = (page: Page, title: string) =>
  page.getByRole('status').filter({ hasText: title }).first().waitFor({ timeout: 30_000 });

async function oneRun(run: number) {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const api = await spawnApi(port, { PUBLIC_URL: base });
  const worker = await spawnWorker({ SANDBOX_URL: base, PUBLIC_URL: base });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ baseURL: base, viewport: { width: 1280, height: 900 } });
    const email = `first.steps.${run}.${Date.now()}@example.com`;
    const registered = await page.request.post('/api/register', {
      data: { fullName: 'Dana Harbor', email, password: 'secret123' },
    });
    if (!registered.ok()) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
    const ids: number[] = [];
    for (const name of ['Checkups A', 'Checkups B']) {
      const res = await page.request.post('/api/campaigns', { data: { ...DRAFT, name } });
      if (res.status() !== 201) throw new Error(`create: ${res.status()} ${await res.text()}`);
      ids.push(((await res.json()) as { id: number }).id);
    }

    for (const [i, id] of ids.entries()) {
      const tag = i === 0 ? 'cold' : 'warm';
      await timed(`generate script (${tag})`, async () => {
        const res = await page.request.post('/api/generate-script', {
          data: { scriptType: 'answering', campaignData: { ...DRAFT, name: `Checkups ${id}` } },
          timeout: 60_000,
        });
        if (!res.ok()) throw new Error(`generate-script: ${res.status()} ${await res.text()}`);
      });

      await page.goto('/campaigns');
      const card = page.getByRole('article', { name: `Checkups ${i === 0 ? 'A' : 'B'}` });
      await card.getByRole('button', { name: 'Pay & Launch' }).waitFor();
      const payButton = page.getByRole('button', { name: /Pay \$\d/ });
      await timed(`Pay & Launch -> Pay button (${tag})`, async () => {
        await card.getByRole('button', { name: 'Pay & Launch' }).click();
        await payButton.waitFor({ timeout: 30_000 });
      });

      const activated = page.waitForResponse((r) => r.url().endsWith('/api/activate-campaign'), {
        timeout: 60_000,
      });
      await timed(`Pay -> "Campaign Activated" (${tag})`, async () => {
        await payButton.click();
        await toastShown(page, 'Campaign Activated');
      });
      const timing = (await activated).request().timing();
      record(`  activate-campaign request (${tag})`, timing.responseEnd - timing.requestStart);
      await page.waitForURL('**/campaigns', { timeout: 30_000 });

      await timed(`campaign page, full load (${tag})`, async () => {
        await page.goto(`/campaigns/${id}`);
        await page.getByRole('button', { name: 'Pause', exact: true }).waitFor({ timeout: 30_000 });
      });
      const paint = await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      );
      record(`  campaign page first paint (${tag})`, paint);
      // --waterfall: what the page fetched and when, from the start of its navigation.
      if (values.waterfall)
        console.log(
          (
            await page.evaluate(() =>
              performance
                .getEntriesByType('resource')
                .map(
                  (r) =>
                    `${r.startTime.toFixed(0).padStart(6)} -> ${(r as unknown as { responseEnd: number }).responseEnd.toFixed(0).padStart(6)} ${r.name}`,
                ),
            )
          ).join('\n'),
        );

      for (const [action, next] of [
        ['Pause', 'Start'],
        ['Start', 'Pause'],
      ] as const) {
        await timed(`${action} -> toast (${tag})`, async () => {
          await page.getByRole('button', { name: action, exact: true }).click();
          await toastShown(page, 'Campaign Updated');
        });
        await page.getByRole('button', { name: next, exact: true }).waitFor();
        await page.getByRole('status').getByRole('button', { name: 'Close' }).click();
      }
    }
  } finally {
    await browser.close();
    await worker.stop();
    await api.stop();
  }
}

for (let run = 1; run <= runs; run++) {
  await oneRun(run);
  console.log(`run ${run} of ${runs} done`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
console.log(`\nmedians over ${runs} runs (ms; all runs in brackets):`);
for (const [name, values] of Object.entries(figures))
  console.log(
    `${name.padEnd(44)} ${median(values).toFixed(0).padStart(6)}  [${values.map((v) => v.toFixed(0)).join(', ')}]`,
  );
// Steps are the unindented figures; the indented ones detail a step, the first paint among them.
const medians = Object.entries(figures).map(([name, values]) => ({
  name: name.trim(),
  detail: name.startsWith(' '),
  ms: median(values),
}));
const steps = medians.filter(({ detail }) => !detail);
const paints = medians.filter(({ name }) => name.startsWith('campaign page first paint'));
const slowest = (list: typeof medians) => list.reduce((a, b) => (b.ms > a.ms ? b : a));
const exitCode = verdict([
  {
    target: 'each step under 1,000 ms (median)',
    measured: `slowest ${slowest(steps).name} ${slowest(steps).ms.toFixed(0)} ms`,
    pass: steps.every(({ ms }) => ms < 1000),
  },
  {
    target: 'the campaign page first paint under 500 ms (median)',
    measured: paints.map(({ name, ms }) => `${name} ${ms.toFixed(0)} ms`).join(', '),
    pass: paints.every(({ ms }) => ms < 500),
  },
]);

await sequelize.close();
await closeSharedRedis();
await cleanUp();
process.exit(exitCode);
