// npm run bench:do-not-call-upload [-- --sync-rows 10000 --async-rows 50000]
// Uploads do-not-call CSVs through the real api process: 10,000 numbers, added inside the request
// (200 with the counts; a 10-number upload warms the api first), and 50,000 numbers, answered 202
// and added by a real worker process in batches while GET .../imports/:id is polled. Prints each
// request's wall and api CPU time, the import's time from upload to completed, and rows per
// second. Before the import, 50,000 numbers took 36.8 s in one request (two statements per number).
// Targets on a 2-core machine: 10,000 numbers answered in under 2 s; the 50,000-number upload
// answered (202) in under 2 s.
import { parseArgs } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DoNotCallImport, DoNotCallImportAccepted, DoNotCallUploadResult } from '@ringcast/shared-types';
import { cpuSecondsOf, useBenchEnvironment } from './benchEnv';
import { verdict } from './verdict';
import { startWorkerProcess, type WorkerProcess } from './workerProcess';
import { postFile } from './postFile';

const { values } = parseArgs({
  options: {
    'sync-rows': { type: 'string', default: '10000' },
    'async-rows': { type: 'string', default: '50000' },
  },
});
const syncRows = Number(values['sync-rows']);
const asyncRows = Number(values['async-rows']);
const TARGET_SECONDS = 2;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cleanUp = useBenchEnvironment();
const scratch = path.join(root, `.tmp/${process.env.REDIS_PREFIX}`);
process.env.UPLOAD_DIR = path.join(scratch, 'uploads');

const { freePort, spawnApi, registeredClient, doNotCallNumbers } = await import('@ringcast/backend/testing');
const { migrateDatabase, sequelize, closeSharedRedis } = await import('@ringcast/backend');

const secondsSince = (start: number) => (performance.now() - start) / 1000;
const rate = (rows: number, seconds: number) =>
  `${Math.round(rows / seconds).toLocaleString('en-US')} rows/s`;

/** A CSV as a customer's export would have it: a header, a name and a formatted number per row. */
function writeCsv(file: string, rows: number, from: number): void {
  const lines = doNotCallNumbers(rows, from).map(
    (e164, i) => `Person ${i},(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`,
  );
  fs.writeFileSync(file, ['Name,Phone', ...lines].join('\n'));
}

const post = (baseUrl: string, cookie: string, file: string) =>
  postFile(`${baseUrl}/api/do-not-call/upload`, { Cookie: cookie }, 'file', file);

let api: Awaited<ReturnType<typeof spawnApi>> | undefined;
let worker: WorkerProcess | undefined;
try {
  fs.mkdirSync(scratch, { recursive: true });
  const syncFile = path.join(scratch, 'sync.csv');
  const asyncFile = path.join(scratch, 'async.csv');
  writeCsv(syncFile, syncRows, 0);
  writeCsv(asyncFile, asyncRows, 100_000);

  await migrateDatabase();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  api = await spawnApi(port);
  worker = await startWorkerProcess(root);
  const { client } = await registeredClient(baseUrl);

  // A running api has read numbers before: one small upload first, so the figures are not its start-up's.
  const warmUp = path.join(scratch, 'warm-up.csv');
  writeCsv(warmUp, 10, 900_000);
  if ((await post(baseUrl, client.cookieHeader, warmUp)).status !== 200)
    throw new Error('warm-up upload failed');

  // The api's CPU time as well as the wall time: a machine busy with other work inflates only the latter.
  const apiCpu = () => cpuSecondsOf(api!.child.pid!);
  let cpuBefore = apiCpu();
  let start = performance.now();
  const small = await post(baseUrl, client.cookieHeader, syncFile);
  const syncSeconds = secondsSince(start);
  const syncCpu = apiCpu() - cpuBefore;
  if (small.status !== 200) throw new Error(`small upload: ${small.status} ${await small.text()}`);
  const counts = (await small.json()) as DoNotCallUploadResult;
  console.log(`\n${syncRows.toLocaleString('en-US')} numbers, added in the request`);
  console.log(
    `  200 answered in                         ${syncSeconds.toFixed(2)} s   ${rate(syncRows, syncSeconds)}`,
  );
  console.log(`  api CPU time for it                     ${syncCpu.toFixed(2)} s`);
  console.log(`  counts                                  ${JSON.stringify(counts)}`);

  cpuBefore = apiCpu();
  start = performance.now();
  const large = await post(baseUrl, client.cookieHeader, asyncFile);
  const acceptSeconds = secondsSince(start);
  const acceptCpu = apiCpu() - cpuBefore;
  if (large.status !== 202) throw new Error(`large upload: ${large.status} ${await large.text()}`);
  const location = large.headers.get('Location')!;
  const accepted = ((await large.json()) as DoNotCallImportAccepted).import;
  let found: DoNotCallImport = accepted;
  let polls = 0;
  while (found.status !== 'completed' && found.status !== 'failed') {
    if (secondsSince(start) > 600) throw new Error('the import did not finish in 10 minutes');
    await new Promise((r) => setTimeout(r, 250));
    found = (await (
      await fetch(`${baseUrl}${location}`, { headers: { Cookie: client.cookieHeader } })
    ).json()) as DoNotCallImport;
    polls++;
  }
  const importSeconds = secondsSince(start);
  console.log(`\n${asyncRows.toLocaleString('en-US')} numbers, added by the worker`);
  console.log(`  202 answered in                         ${acceptSeconds.toFixed(2)} s`);
  console.log(`  api CPU time for it                     ${acceptCpu.toFixed(2)} s`);
  console.log(
    `  upload -> import ${found.status.padEnd(22)} ${importSeconds.toFixed(2)} s   ${rate(asyncRows, importSeconds)}`,
  );
  console.log(`  progress reads while it ran             ${polls}`);
  console.log(
    `  counts                                  ${JSON.stringify({ added: found.added, alreadyPresent: found.alreadyPresent, invalid: found.invalid })}`,
  );

  const syncOk = syncSeconds < TARGET_SECONDS;
  const acceptOk =
    acceptSeconds < TARGET_SECONDS && found.status === 'completed' && found.added === asyncRows;
  console.log('');
  process.exitCode = verdict([
    {
      target: `${syncRows} numbers answered in under ${TARGET_SECONDS} s`,
      measured: `${syncSeconds.toFixed(2)} s`,
      pass: syncOk,
    },
    {
      target: `${asyncRows} numbers answered 202 in under ${TARGET_SECONDS} s and all added`,
      measured: `${acceptSeconds.toFixed(2)} s, ${found.added} added, import ${found.status}`,
      pass: acceptOk,
    },
  ]);
} catch (err) {
  console.error(err);
  if (api) console.error('api exit code', api.child.exitCode, api.output().slice(-2000));
  process.exitCode = 1;
} finally {
  await worker?.stop();
  await api?.stop();
  await sequelize.close();
  await closeSharedRedis();
  await cleanUp();
  fs.rmSync(scratch, { recursive: true, force: true });
}
