// npm run bench:scale [-- --prospects 1000 --campaigns 10 --scale 50 --cps 200 --in-flight 500
//                         --flood-rate 800 --flood-seconds 10 --base-port 7610]
// The dialer bench twice in one run, on one database and Redis: one api and one worker reached
// directly, then two apis behind nginx (ops/nginx.conf, scripts/scale/stack.ts) and two workers.
// Each layout dials its own campaigns to the end through the real twilio SDK and the sandbox, then
// takes a flood of signed status callbacks at its front. Prints for both: calls placed twice and
// campaigns whose statistics differ from their calls (both must be 0), callbacks ingested/s, p99
// webhook answer, calls placed/s, relay sessions, CPU per call; the ratio of the two; PASS or FAIL.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { useBenchEnvironment } from './benchEnv';
import { readLog } from './dialerFigures';
import { startWorkerProcess } from './workerProcess';
import { verdict } from './verdict';

const { values } = parseArgs({
  options: {
    prospects: { type: 'string', default: '1000' },
    campaigns: { type: 'string', default: '10' },
    scale: { type: 'string', default: '50' },
    cps: { type: 'string', default: '200' },
    'in-flight': { type: 'string', default: '500' },
    'flood-rate': { type: 'string', default: '800' },
    'flood-seconds': { type: 'string', default: '10' },
    'timeout-seconds': { type: 'string', default: '600' },
    // The single api listens here; nginx on the next port, the stack's apis and mail after it.
    'base-port': { type: 'string', default: '7610' },
  },
});
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const basePort = Number(values['base-port']);

const cleanUp = useBenchEnvironment();
Object.assign(process.env, {
  // The calling rules judge a sandbox clock inside calling hours (see bench:dialer).
  DIALER_CLOCK_START: '2026-07-01T17:00:00Z',
  SANDBOX_TIME_SCALE: values.scale,
  TWILIO_CPS: values.cps,
  TWILIO_MAX_CONCURRENT_CALLS: values['in-flight'],
});
const { migrateDatabase, sequelize, closeSharedRedis, closeQueues } = await import('@ringcast/backend');
// Import the backend, so only once the environment above is in place.
const { runLayout } = await import('./scaleLayout');
const { startBenchApi } = await import('./dialerApi');
const { startScaleStack } = await import('../scale/stack');
const { scaleReport } = await import('./scaleReport');
type RunningLayout = import('./scaleLayout').RunningLayout;

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => (interrupted = true));
const run = {
  campaigns: Number(values.campaigns),
  prospects: Number(values.prospects),
  floodRate: Number(values['flood-rate']),
  floodSeconds: Number(values['flood-seconds']),
  timeoutSeconds: Number(values['timeout-seconds']),
  interrupted: () => interrupted,
};

/** One api reached directly and one worker beside it, as bench:dialer runs them. */
async function single(): Promise<RunningLayout> {
  const url = `http://127.0.0.1:${basePort}`;
  // Callbacks are signed over PUBLIC_URL: the sandbox and the webhooks agree on it.
  Object.assign(process.env, { PUBLIC_URL: url, SANDBOX_URL: url });
  const { api, cleanUp: dropGcLog } = await startBenchApi(basePort, undefined);
  const worker = await startWorkerProcess(root).catch(async (err: unknown) => {
    await api.stop();
    throw err;
  });
  readLog(worker.child.stdout!, () => {});
  return {
    name: '1 api+worker',
    url,
    apiPids: [api.child.pid!],
    workerPids: [worker.child.pid!],
    stop: async () => {
      await worker.stop();
      await api.stop();
      await dropGcLog();
    },
  };
}

/** Two apis behind nginx and two workers: the scale-out stack. */
async function scaledOut(): Promise<RunningLayout> {
  const stack = await startScaleStack({ apis: 2, workers: 2, env: {}, basePort: basePort + 1 });
  return {
    name: '2+2 via nginx',
    url: stack.url,
    apiPids: stack.apis.map((api) => api.pid()),
    workerPids: stack.workers.map((worker) => worker.pid()),
    stop: () => stack.stop(),
  };
}

let failed = true;
try {
  await migrateDatabase();
  const figures = [];
  for (const [i, start] of [single, scaledOut].entries()) {
    const layout = await start();
    try {
      console.error(`${layout.name}: dialing ${run.prospects} prospects over ${run.campaigns} campaigns`);
      figures.push(await runLayout(layout, { ...run, first: i * run.campaigns }));
    } finally {
      await layout.stop();
    }
  }
  const { lines, checks } = scaleReport(figures, {
    scale: Number(values.scale),
    cps: Number(values.cps),
    floodRate: run.floodRate,
    floodSeconds: run.floodSeconds,
  });
  for (const line of lines) console.log(line);
  failed = verdict(checks) !== 0;
} catch (err) {
  console.error(err);
} finally {
  await closeQueues();
  await closeSharedRedis();
  await sequelize.close();
  await cleanUp();
}
process.exit(failed ? 1 : 0);
