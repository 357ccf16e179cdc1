// npm run bench:dialer [-- --prospects 10000 --campaigns 20 --scale 50 --cps 200 --in-flight 500]
// The dialer end to end on one api process (serving the webhooks and playing the Twilio sandbox)
// and two worker processes, real MariaDB and Redis: every prospect of every campaign called once
// through the real twilio SDK. Prints calls placed/s, status callbacks ingested/s, the webhooks'
// answer times, callback-to-socket latency, the busiest second per account against its limit,
// calls placed twice and campaigns whose statistics differ from their calls (both must be 0).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { isFinalCallStatus, type CallStatus } from '@ringcast/shared-types';
import { percentile, useBenchEnvironment } from './benchEnv';
import { startWorkerProcess, type WorkerProcess } from './workerProcess';
import { cpuMeter, maxPerSecond, ratePerSecond, readLog } from './dialerFigures';
import { verdict } from './verdict';

const { values } = parseArgs({
  options: {
    prospects: { type: 'string', default: '10000' },
    campaigns: { type: 'string', default: '20' },
    scale: { type: 'string', default: '50' },
    cps: { type: 'string', default: '200' },
    'in-flight': { type: 'string', default: '500' },
    workers: { type: 'string', default: '2' },
    'timeout-seconds': { type: 'string', default: '900' },
    'flood-rate': { type: 'string', default: '1500' },
    'flood-seconds': { type: 'string', default: '10' },
    // A directory: each worker writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
    'profile-workers': { type: 'string' },
    // The same for the api process (webhooks and the Twilio sandbox).
    'profile-api': { type: 'string' },
  },
});
const prospectCount = Number(values.prospects);
const campaignCount = Number(values.campaigns);
const cps = Number(values.cps);
const floodRate = Number(values['flood-rate']);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const cleanUp = useBenchEnvironment();
Object.assign(process.env, {
  // The calling rules judge a sandbox clock started on a Wednesday at 13:00 in New York, so every
  // mainland prospect is inside its calling window whatever the hour the bench runs at.
  DIALER_CLOCK_START: '2026-07-01T17:00:00Z',
  SANDBOX_TIME_SCALE: values.scale,
  TWILIO_CPS: values.cps,
  TWILIO_MAX_CONCURRENT_CALLS: values['in-flight'],
});
const { freePort, openSocket, sessionCookieFor, statisticsMismatch } =
  await import('@ringcast/backend/testing');
const { config, migrateDatabase, sequelize, closeSharedRedis, closeQueues, Campaign, CallRecord } =
  await import('@ringcast/backend');
const { platformTwilioAccount, twilioClient } = await import('@ringcast/backend/calls');
// Imports the backend, so only once the environment above is in place.
const { benchCalls, createBenchCampaigns } = await import('./dialerCampaigns');
const { floodStatusCallbacks } = await import('./dialerFlood');
const { finalCallbackToSocket, startBenchApi, webhookAnswerLines } = await import('./dialerApi');
const { floodReport } = await import('./dialerFloodReport');

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(line);
const rows = async <T>(sql: string) => (await sequelize.query(sql))[0] as T[];

/**
 * Every call ended and every prospect called, but for those promised a call back (a callee who
 * asks for one, digit 8): the campaign rightly stays open for it, a day later on the dialer's clock.
 */
async function onlyCallBacksLeft(campaignIds: number[]): Promise<boolean> {
  const ids = campaignIds.map(Number).join(',');
  const [{ open }] = await rows<{ open: number }>(
    `SELECT (SELECT COUNT(*) FROM call_records WHERE settledAt IS NULL) +
            (SELECT COUNT(*) FROM campaign_prospects cp
              WHERE cp.campaignId IN (${ids}) AND cp.state NOT IN ('done', 'skipped', 'opted_out')
                AND NOT EXISTS (SELECT 1 FROM callbacks cb WHERE cb.campaignId = cp.campaignId
                  AND cb.prospectId = cp.prospectId AND cb.status = 'scheduled')) AS open`,
  );
  return Number(open) === 0;
}

const stops: (() => Promise<unknown>)[] = [];
// Interrupted, the run still stops its processes and drops its database and keys.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => (interrupted = true));
let failed = false;
try {
  await migrateDatabase();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Callbacks are signed over PUBLIC_URL: the sandbox and the webhooks must agree on it.
  Object.assign(process.env, { PUBLIC_URL: baseUrl, SANDBOX_URL: baseUrl });
  config.sandboxUrl = baseUrl;
  const {
    api,
    gcLog,
    webhooks,
    problems,
    cleanUp: dropGcLog,
  } = await startBenchApi(port, values['profile-api'] && path.resolve(values['profile-api']));
  stops.push(api.stop, dropGcLog);

  const campaigns = await createBenchCampaigns(campaignCount, prospectCount);
  const campaignIds = campaigns.map((c) => c.campaignId);

  // One signed-in tab per customer: when each call's final state reaches its screen.
  const finalSeenAt = new Map<number, number>();
  for (const { userId } of campaigns) {
    const socket = await openSocket(baseUrl, await sessionCookieFor(userId));
    stops.push(async () => socket.close());
    socket.on('call:updated', (call: { id: number; status: CallStatus }) => {
      if (isFinalCallStatus(call.status) && !finalSeenAt.has(call.id)) finalSeenAt.set(call.id, now());
    });
  }

  const workers: WorkerProcess[] = [];
  const profileDir = values['profile-workers'] && path.resolve(values['profile-workers']);
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  for (let i = 0; i < Number(values.workers); i++) {
    const worker = await startWorkerProcess(root, nodeArgs);
    readLog(worker.child.stdout!, (entry) => problems.note(`worker ${i + 1}`, entry));
    workers.push(worker);
    stops.unshift(worker.stop);
  }
  const cpu = cpuMeter(
    api.child.pid!,
    workers.map((w) => w.child.pid!),
  );
  const dialingCpu = cpu.start();
  const started = Date.now();
  log(
    `dialing ${prospectCount} prospects over ${campaignCount} campaigns: time scale ${values.scale}, ` +
      `${cps} calls/s and ${values['in-flight']} in flight per account, ${workers.length} workers`,
  );

  let incomplete = false;
  const deadline = started + Number(values['timeout-seconds']) * 1000;
  let lastReport = started;
  for (;;) {
    const done = await Campaign.count({ where: { id: campaignIds, status: 'completed' } });
    if (done === campaignCount || (await onlyCallBacksLeft(campaignIds))) break;
    if (interrupted) throw new Error('interrupted');
    if (Date.now() > deadline) {
      // The figures still say what happened; the run fails.
      log(`only ${done} of ${campaignCount} campaigns completed in ${values['timeout-seconds']} s`);
      incomplete = true;
      break;
    }
    if (Date.now() - lastReport >= 10_000) {
      lastReport = Date.now();
      const [{ settled }] = await rows<{ settled: number }>(
        'SELECT COUNT(*) AS settled FROM call_records WHERE settledAt IS NOT NULL',
      );
      console.error(`  ${((Date.now() - started) / 1000).toFixed(0)} s: ${settled} calls ended`);
    }
    await sleep(250);
  }
  const dialingSeconds = (Date.now() - started) / 1000;
  const dialingCpuMs = dialingCpu(await CallRecord.count());
  // Late coalesced pushes land within a few hundred ms.
  await sleep(1000);

  const calls = await benchCalls();
  const placed = calls.filter((c) => c.dialedAt);
  const dialedTimes = placed.map((c) => c.dialedAt!.getTime());
  const byAccount = new Map<string, number[]>();
  for (const call of placed)
    byAccount.set(call.accountSid!, [...(byAccount.get(call.accountSid!) ?? []), call.dialedAt!.getTime()]);

  const prospectsCalled = new Map<string, number>();
  for (const call of placed) {
    const key = `${call.campaignId}-${call.prospectId}`;
    prospectsCalled.set(key, (prospectsCalled.get(key) ?? 0) + 1);
  }
  const twiceInRecords = [...prospectsCalled.values()].filter((n) => n > 1).length;
  // What Twilio itself was asked to place: every call the account has, by number called. A
  // transfer's leg (a child call, to the business) is not a prospect called again.
  const sandboxCalls = await twilioClient(platformTwilioAccount()).calls.list({ pageSize: 1000 });
  const byNumber = new Map<string, number>();
  for (const call of sandboxCalls)
    if (!call.parentCallSid) byNumber.set(call.to, (byNumber.get(call.to) ?? 0) + 1);
  const twiceAtTwilio = [...byNumber.values()].filter((n) => n > 1).length;

  const events = await rows<{ at: string }>(
    `SELECT UNIX_TIMESTAMP(receivedAt) * 1000 AS at FROM call_events WHERE kind = 'status'`,
  );
  const ingestedTimes = events.map((e) => Number(e.at));

  const toSocket = finalCallbackToSocket(webhooks, finalSeenAt);

  const p = (sorted: number[], n: number) => percentile(sorted, n).toFixed(0);
  log(
    `calls placed            ${placed.length} of ${prospectCount} prospects in ${dialingSeconds.toFixed(1)} s until every campaign completed (or waits only for its call backs)`,
  );
  log(
    `calls placed/s          ${ratePerSecond(dialedTimes).toFixed(0)} (first to last dial), busiest second ${maxPerSecond(dialedTimes)}`,
  );
  for (const [account, times] of byAccount)
    log(`  account ${account.slice(0, 10)}...: busiest second ${maxPerSecond(times)} calls (limit ${cps}/s)`);
  log(
    `status callbacks        ${ingestedTimes.length} ingested: ${ratePerSecond(ingestedTimes).toFixed(0)}/s (first to last), busiest second ${maxPerSecond(ingestedTimes)}`,
  );
  for (const line of webhookAnswerLines(webhooks)) log(line);
  log(
    `final callback->socket  p50 ${p(toSocket, 50)} ms, p99 ${p(toSocket, 99)} ms, max ${toSocket.at(-1)?.toFixed(0)} ms (${toSocket.length} calls)`,
  );
  log(
    `CPU per call          api ${dialingCpuMs.api.toFixed(1)} ms (with the sandbox playing Twilio), workers ${dialingCpuMs.workers.toFixed(1)} ms, database ${dialingCpuMs.database.toFixed(1)} ms`,
  );
  log(
    `calls placed twice      ${twiceInRecords} in our records, ${twiceAtTwilio} numbers called twice at Twilio (${sandboxCalls.length} calls there, transfers' legs included) (must be 0)`,
  );

  const floodCpu = cpu.start();
  const flood = await floodStatusCallbacks({
    baseUrl,
    apiPid: api.child.pid!,
    campaigns,
    account: platformTwilioAccount(),
    rate: floodRate,
    seconds: Number(values['flood-seconds']),
    finalSeenAt,
  });
  const floodCpuMs = floodCpu(flood.sent);
  for (const line of floodReport({
    flood,
    cpuMs: floodCpuMs,
    webhooks,
    gcLog,
    rate: floodRate,
    seconds: Number(values['flood-seconds']),
  }))
    log(line);

  const mismatched: string[] = [];
  for (const id of campaignIds) {
    const problem = await statisticsMismatch(id);
    if (problem) mismatched.push(`campaign ${id}: ${problem}`);
  }
  log(`\nstatistics mismatched   ${mismatched.length} of ${campaignCount} campaigns, after both (must be 0)`);
  for (const line of mismatched) log(`  ${line}`);
  for (const [what, { count, example }] of problems.counts) log(`  logged ${count}x ${what} (${example})`);
  log(`machine                 load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
  const busiest = Math.max(0, ...[...byAccount.values()].map(maxPerSecond));
  failed =
    verdict([
      {
        target: 'every prospect called, each once (in our records and at Twilio)',
        measured:
          `${placed.length} of ${prospectCount} placed${incomplete ? ', dialing timed out' : ''}, ` +
          `${twiceInRecords} twice in our records, ${twiceAtTwilio} at Twilio`,
        pass: !incomplete && placed.length === prospectCount && twiceInRecords === 0 && twiceAtTwilio === 0,
      },
      {
        target: 'every campaign statistics equal to its calls',
        measured: `${mismatched.length} mismatched`,
        pass: mismatched.length === 0,
      },
      {
        target: `no account over ${cps} calls/s`,
        measured: `busiest second ${busiest}`,
        pass: busiest <= cps,
      },
      {
        target: 'every flooded callback answered and applied',
        measured: `${flood.refused} refused, ${flood.ingested} of ${flood.sent} applied`,
        pass: flood.refused === 0 && flood.ingested === flood.sent,
      },
    ]) !== 0;
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  for (const stop of stops) await stop().catch((err) => console.error(err));
  await closeQueues();
  await closeSharedRedis();
  await sequelize.close();
  await cleanUp();
}
process.exit(failed ? 1 : 0);
