// npm run bench:twilio-sandbox [-- --calls 4000 --rate 200 --scale 100]
// Places calls through the real twilio SDK at a steady rate against one api process playing the
// Twilio sandbox, while this process plays our side (TwiML and callbacks). Prints calls placed/s,
// callbacks received/s, how late calls ended against their simulated length, and any call whose
// callbacks are missing or out of sequence (must be 0): whether the sandbox keeps up.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { cpuSecondsOf, percentile, useBenchEnvironment } from './benchEnv';
import { verdict } from './verdict';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '4000' },
    rate: { type: 'string', default: '200' },
    scale: { type: 'string', default: '100' },
  },
});
const callCount = Number(values.calls);
const rate = Number(values.rate);
const scale = Number(values.scale);

const cleanUp = useBenchEnvironment();
process.env.SANDBOX_TIME_SCALE = String(scale);
const { freePort, spawnApi, startTwimlServer } = await import('@ringcast/backend/testing');
const { config, migrateDatabase, sequelize, closeSharedRedis } = await import('@ringcast/backend');
const { platformTwilioAccount, twilioClient } = await import('@ringcast/backend/calls');

await migrateDatabase();
await sequelize.close();
const app = await startTwimlServer(() => platformTwilioAccount().authToken);
const port = await freePort();
config.sandboxUrl = `http://127.0.0.1:${port}`;
// The sandbox requests only URLs under the api's PUBLIC_URL: here, this process playing our side.
const api = await spawnApi(port, {
  SANDBOX_TIME_SCALE: String(scale),
  PUBLIC_URL: app.baseUrl,
  SANDBOX_URL: config.sandboxUrl,
});
// 10 words (4 s), a gather (prompt 2.4 s, timeout 3 s), 1 word: 9.8 s of talk without a key.
app.serve(
  '/twiml',
  `<Response><Say>${'word '.repeat(10)}</Say><Gather numDigits="1" action="/gather" timeout="3"><Say>Press 9 to stop these calls.</Say></Gather><Say>Goodbye.</Say></Response>`,
);
app.serve('/gather', '<Response><Say>Goodbye.</Say><Hangup/></Response>');
const client = twilioClient(platformTwilioAccount());
const from = (await client.incomingPhoneNumbers.create({ areaCode: '512' })).phoneNumber;

/** Simulated seconds from create to the final callback, by last digit (personas.ts timings). */
const EXPECTED_SIM_SECONDS: Record<string, number> = {
  '0': 3,
  '1': 26,
  '2': 15.8,
  '3': 2,
  '4': 13.8,
  '5': 11,
  '6': 15.8,
  '7': 15.8,
  '8': 15.8,
  '9': 15.8,
};

const apiCpuSeconds = () => cpuSecondsOf(api.child.pid!);

const created = new Map<string, { at: number; digit: string }>();
const cpuBefore = apiCpuSeconds();
const started = Date.now();
const refusals = new Map<string, number>();
const creations: Promise<void>[] = [];
for (let i = 0; i < callCount; i++) {
  const due = started + (i * 1000) / rate;
  const wait = due - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const digit = String(i % 10);
  const at = Date.now();
  creations.push(
    client.calls
      .create(app.callOptions(`+1212555${String(i).padStart(4, '0').slice(-3)}${digit}`, from))
      .then((call) => void created.set(call.sid, { at, digit }))
      .catch((err: Error) => void refusals.set(err.message, (refusals.get(err.message) ?? 0) + 1)),
  );
}
await Promise.all(creations);
const placedSeconds = (Date.now() - started) / 1000;

const finals = () =>
  app.received.filter(
    (r) =>
      r.path === '/status' && ['completed', 'busy', 'no-answer', 'failed'].includes(r.params.CallStatus!),
  );
const deadline = Date.now() + 120_000;
while (finals().length < created.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
const lastAt = Math.max(...app.received.map((r) => r.at));
const apiCpu = apiCpuSeconds() - cpuBefore;

const bySid = new Map<string, typeof app.received>();
for (const r of app.received)
  if (r.path === '/status') bySid.set(r.params.CallSid!, [...(bySid.get(r.params.CallSid!) ?? []), r]);
let broken = 0;
let duplicates = 0;
const lateness: number[] = [];
for (const [sid, { at, digit }] of created) {
  const callbacks = bySid.get(sid) ?? [];
  const sequence = [...new Set(callbacks.map((r) => Number(r.params.SequenceNumber)))].sort((a, b) => a - b);
  duplicates += callbacks.length - sequence.length;
  const final = callbacks.find((r) => r.params.CallDuration !== undefined);
  if (!final || sequence.some((n, i) => n !== i) || callbacks.some((r) => !r.signatureValid)) {
    broken++;
    continue;
  }
  lateness.push(final.at - at - (EXPECTED_SIM_SECONDS[digit]! * 1000) / scale);
}
lateness.sort((a, b) => a - b);
const total = app.received.length;
const wall = (lastAt - started) / 1000;

const refused = [...refusals.values()].reduce((a, b) => a + b, 0);
console.log(
  `calls placed          ${created.size} in ${placedSeconds.toFixed(1)} s (${(created.size / placedSeconds).toFixed(0)}/s asked ${rate}/s), ${refused} refused`,
);
for (const [message, count] of refusals) console.log(`  refused ${count}x: ${message}`);
console.log(
  `requests to our side  ${total} (callbacks, TwiML, gathers) in ${wall.toFixed(1)} s: ${(total / wall).toFixed(0)}/s`,
);
console.log(
  `call end lateness     p50 ${percentile(lateness, 50).toFixed(0)} ms, p99 ${percentile(lateness, 99).toFixed(0)} ms, max ${lateness[lateness.length - 1]?.toFixed(0)} ms (time scale ${scale})`,
);
console.log(
  `api process CPU       ${((apiCpu * 1000) / created.size).toFixed(2)} ms per call (${apiCpu.toFixed(1)} s in all; machine load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
);
console.log(
  `callbacks sent twice  ${duplicates} (as Twilio may; a step is run again when its lease ran out)`,
);
console.log(`calls with missing or unsigned callbacks: ${broken} (must be 0)`);
const exitCode = verdict([
  { target: 'no call refused', measured: `${refused} refused`, pass: refused === 0 },
  {
    target: 'no call with missing, out-of-sequence or unsigned callbacks',
    measured: `${broken} such calls`,
    pass: broken === 0,
  },
]);

await app.close();
await api.stop();
await closeSharedRedis();
await cleanUp();
process.exit(exitCode);
