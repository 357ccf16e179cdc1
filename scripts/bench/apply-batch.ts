// npm run bench:apply-batch [-- --calls 3000 --sizes 15,60,240 --overlap 8]
// The workers' share of a status callback apart from HTTP and the machine's load: flood-shaped
// events (each call's initiated, ringing, in-progress, completed, interleaved across calls) applied
// in batches as a consumer applies a delivery, in this process against real MariaDB and Redis.
// Prints this process's CPU and the database's per event for each batch size, beside a baseline
// (one primary-key read per event, same run), so the figures read as ratios on a busy machine.
import { randomBytes } from 'node:crypto';
import { execSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { cpuSecondsOf, useBenchEnvironment } from './benchEnv';
import { verdict } from './verdict';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '3000' },
    sizes: { type: 'string', default: '15,60,240' },
    // How many calls' events interleave: 8, a few calls starting together; 1000, the dialer bench's
    // flood, whose calls' four callbacks come 250 ms apart, so a batch holds one event of each call.
    overlap: { type: 'string', default: '8' },
  },
});
const cleanUp = useBenchEnvironment();
const { migrateDatabase, sequelize, closeSharedRedis, closeQueues, closeBroadcaster, flushLogs, CallRecord } =
  await import('@ringcast/backend');
const { applyCallEvents, flushChangedCampaigns, followUpAppliedEvents, platformTwilioAccount } =
  await import('@ringcast/backend/calls');
const { createBenchCampaigns } = await import('./dialerCampaigns');

const STEPS = ['initiated', 'ringing', 'in-progress', 'completed'] as const;
const mariadbPid = Number(execSync('pidof mariadbd || pidof mysqld').toString().trim().split(' ')[0]);
const statements = async () => {
  const [[row]] = (await sequelize.query("SHOW GLOBAL STATUS LIKE 'Questions'")) as [
    { Value: string }[],
    unknown,
  ];
  return Number(row!.Value);
};
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return { self: (user + system) / 1000, db: cpuSecondsOf(mariadbPid) * 1000 };
};

async function dialingCalls(campaigns: { campaignId: number; userId: number }[], count: number, tag: number) {
  const dialedAt = new Date();
  const records = await CallRecord.bulkCreate(
    Array.from({ length: count }, (_, i) => ({
      ...campaigns[i % campaigns.length]!,
      toNumber: `+1213${200 + tag}${String(i).padStart(4, '0')}`,
      fromNumber: '+12125550199',
      accountSid: platformTwilioAccount().accountSid,
      providerCallSid: `CA${randomBytes(16).toString('hex')}`,
      status: 'dialing' as const,
      dialedAt,
      lastEventAt: dialedAt,
    })),
  );
  return records;
}

const bySize: { size: number; perEvent: number; perBatch: number }[] = [];
try {
  await migrateDatabase();
  const campaigns = await createBenchCampaigns(4, 4);
  const callCount = Number(values.calls);
  const sizes = values.sizes.split(',').map(Number);
  const overlap = Number(values.overlap);
  console.log(
    `${callCount} calls (${callCount * 4} status events) per batch size, 4 campaigns, ${overlap} calls' events interleaved`,
  );
  for (const [round, size] of sizes.entries()) {
    const calls = await dialingCalls(campaigns, callCount, round);
    // `overlap` calls start together and their events interleave, as a flood delivers them.
    const events = calls
      .flatMap((call, i) =>
        STEPS.map((step, seq) => ({
          order: i + seq * overlap,
          event: {
            callId: call.id,
            kind: 'status' as const,
            callSid: call.providerCallSid!,
            accountSid: call.accountSid!,
            sequenceNumber: seq,
            callStatus: step,
            ...(step === 'completed' ? { callDuration: 30, sipResponseCode: 200 } : {}),
            timestamp: new Date().toUTCString(),
          },
        })),
      )
      .sort((a, b) => a.order - b.order)
      .map((e) => e.event);

    const baseStart = cpuMs();
    for (const call of calls.slice(0, 1000)) await CallRecord.findByPk(call.id, { raw: true });
    const baseEnd = cpuMs();
    const baseline = (baseEnd.self - baseStart.self) / 1000;

    const statementsBefore = await statements();
    const start = cpuMs();
    const wallStart = performance.now();
    for (let i = 0; i < events.length; i += size) {
      const result = await applyCallEvents(events.slice(i, i + size), { passLockedCalls: true });
      await followUpAppliedEvents(result);
    }
    const wall = performance.now() - wallStart;
    const end = cpuMs();
    const batches = Math.ceil(events.length / size);
    const perBatch = ((await statements()) - statementsBefore - 1) / batches;
    const perEvent = (end.self - start.self) / events.length;
    const dbPerEvent = (end.db - start.db) / events.length;
    bySize.push({ size, perEvent, perBatch });
    console.log(
      `batch ${String(size).padStart(4)}: worker ${perEvent.toFixed(3)} ms/event (${(perEvent / baseline).toFixed(1)}x a primary-key read, ${baseline.toFixed(3)} ms), ` +
        `database ${dbPerEvent.toFixed(3)} ms/event, ${perBatch.toFixed(1)} statements/batch, ${((events.length / wall) * 1000).toFixed(0)} events/s in one loop`,
    );
  }
  // What batching is for: a batch's statements stay the same whatever its size, so an event costs less
  // in a bigger one.
  const [smallest, largest] = [bySize[0]!, bySize[bySize.length - 1]!];
  process.exitCode = verdict([
    {
      target: `statements per batch the same at every size (within 2 of the batch of ${smallest.size})`,
      measured: bySize.map((b) => `${b.perBatch.toFixed(1)} at ${b.size}`).join(', '),
      pass: bySize.every((b) => Math.abs(b.perBatch - smallest.perBatch) <= 2),
    },
    {
      target: `worker CPU per event lower in batches of ${largest.size} than of ${smallest.size}`,
      measured: `${largest.perEvent.toFixed(3)} ms against ${smallest.perEvent.toFixed(3)} ms`,
      pass: largest.perEvent < smallest.perEvent,
    },
  ]);
} finally {
  await flushChangedCampaigns();
  await closeBroadcaster();
  await closeQueues();
  await closeSharedRedis();
  await sequelize.close();
  await flushLogs?.();
  await cleanUp();
}
