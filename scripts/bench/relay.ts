// npm run bench:relay [-- --conversations 200 --turns 4 --first-token-ms 250 --warm-up 10 --cpu-prof <dir>]
// The voice agent's own latency: concurrent ConversationRelay conversations against one api process
// (real MariaDB and Redis). For each turn: the time from the caller's final words leaving the
// caller's socket to our first `text` token reaching it, minus the model's own time to first token
// for that very request. Target: p99 of that overhead under 20 ms.
//
// How the model's time is taken: the api talks (OPENAI_BASE_URL) to the bench's own
// OpenAI-compatible server (relayModel.ts) in a process of its own, so its work is neither the
// api's CPU nor in the api's event loop. That server times each request on its side, from the
// request reaching it to its first content chunk being written, and names it by the tag the caller
// put in its words; the bench subtracts that request's time from the turn's. What is left is all
// ours: reading the frame, the session's work before the model call (transcript write, opt-out
// check, history), the SDK's request and parsing of the stream, and the frame back, with the
// loopback trips they need. The callers' own event loop delays it a little too; its p99 is printed.
//
// Baseline, in the same run: the same conversations against a bare relay (relayBare.ts: the same
// `ws`, the same SDK call to the same model, nothing else) give what sockets, loopback and the SDK
// cost on this machine at this moment; the api's overhead is printed beside it and as a ratio.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadavg, cpus } from 'node:os';
import { cpuSecondsOf, percentile, useBenchEnvironment } from './benchEnv';
import { verdict } from './verdict';
import { Problems, ascending, readLog } from './dialerFigures';
import { overheads, runPhase } from './relayCallers';

const { values } = parseArgs({
  options: {
    conversations: { type: 'string', default: '200' },
    turns: { type: 'string', default: '4' },
    // The callers start within this many seconds, as calls being answered do.
    'ramp-seconds': { type: 'string', default: '3' },
    'first-token-ms': { type: 'string', default: '250' },
    'target-ms': { type: 'string', default: '20' },
    // Conversations (of two turns) each relay has first, unmeasured: the figures are of a warm
    // process, not of its first call's module loading and compiling.
    'warm-up': { type: 'string', default: '10' },
    // A directory: the api writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
    'cpu-prof': { type: 'string' },
  },
});
const conversationCount = Number(values.conversations);
const turnCount = Number(values.turns);
const warmUpCount = Number(values['warm-up']);
const rampMs = Number(values['ramp-seconds']) * 1000;
const targetMs = Number(values['target-ms']);

const cleanUp = useBenchEnvironment();
const { freePort, spawnApi, spawnProcess, answeredCall, newCallSid, relayUrl } =
  await import('@ringcast/backend/testing');
const { migrateDatabase, sequelize, closeSharedRedis, closeQueues, CallRecord } =
  await import('@ringcast/backend');

const log = (line: string) => console.log(line);

const peakMemoryMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

const stops: (() => Promise<unknown>)[] = [];
let failed = false;
try {
  await migrateDatabase();
  const [apiPort, modelPort, barePort] = [await freePort(), await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${apiPort}`;
  const modelUrl = `http://127.0.0.1:${modelPort}/v1`;
  const model = await spawnProcess(
    'scripts/bench/relayModel.ts',
    { MODEL_PORT: String(modelPort), MODEL_FIRST_TOKEN_MS: values['first-token-ms'] },
    /model listening/,
  );
  stops.push(model.stop);
  const bare = await spawnProcess(
    'scripts/bench/relayBare.ts',
    { BARE_PORT: String(barePort), MODEL_URL: modelUrl },
    /bare relay listening/,
  );
  stops.push(bare.stop);
  const profileDir = values['cpu-prof'] && path.resolve(values['cpu-prof']);
  const api = await spawnApi(
    apiPort,
    { PUBLIC_URL: baseUrl, OPENAI_BASE_URL: modelUrl },
    { nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] },
  );
  stops.unshift(api.stop);
  const problems = new Problems();
  readLog(api.child.stdout!, (entry) => problems.note('api', entry));

  // One customer's campaign; its 200 calls answered by people, as the dialer leaves them.
  const { call } = await answeredCall(baseUrl);
  const more = await CallRecord.bulkCreate(
    Array.from({ length: conversationCount + warmUpCount - 1 }, (_, i) => ({
      campaignId: call.campaignId,
      userId: call.userId,
      toNumber: `+1212556${String(i).padStart(4, '0')}`,
      fromNumber: '+12125550100',
      status: 'in_progress' as const,
      answeredBy: 'human' as const,
      providerCallSid: newCallSid(),
    })),
  );
  const allCallIds = [call.id, ...more.map((c) => c.id)];
  const warmUpIds = allCallIds.slice(0, warmUpCount);
  const callIds = allCallIds.slice(warmUpCount);
  const bareUrl = (callId: number) => `ws://127.0.0.1:${barePort}/relay/${callId}`;
  // Each call's relay opens once (one session per call), with the token its answering TwiML would carry.
  const callSids = new Map([call, ...more].map((c) => [c.id, c.providerCallSid]));
  const apiUrl = (callId: number) => relayUrl(baseUrl, { id: callId, providerCallSid: callSids.get(callId) });
  const warmUps = await Promise.all([
    runPhase(rampMs, bareUrl, 'w', warmUpIds, 2),
    runPhase(rampMs, apiUrl, 'v', warmUpIds, 2),
  ]);
  const warmUpErrors = warmUps.flatMap((phase) => phase.errors);
  if (warmUpErrors.length) throw new Error(`the warm-up failed: ${warmUpErrors.join('; ')}`);

  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  log(
    `${conversationCount} conversations of ${turnCount} turns, started within ${values['ramp-seconds']} s; ` +
      `the model's first token after ${values['first-token-ms']} ms; ${warmUpCount} conversations of warm-up first`,
  );

  const barePid = bare.child.pid!;
  const bareCpuBefore = cpuSecondsOf(barePid);
  const bareResult = await runPhase(rampMs, bareUrl, 'b', callIds, turnCount);

  const bareCpu = cpuSecondsOf(barePid) - bareCpuBefore;
  const apiPid = api.child.pid!;
  const cpuBefore = cpuSecondsOf(apiPid);
  loopDelay.enable();
  const apiResult = await runPhase(rampMs, apiUrl, 'a', callIds, turnCount);
  loopDelay.disable();
  const apiCpu = cpuSecondsOf(apiPid) - cpuBefore;
  const peakMb = peakMemoryMb(apiPid);

  const stats = (await (await fetch(`http://127.0.0.1:${modelPort}/stats`)).json()) as {
    firstTokenByTurn: Record<string, number>;
    untagged: number;
  };
  const ours = overheads(apiResult.turns, stats.firstTokenByTurn);
  const baseline = overheads(bareResult.turns, stats.firstTokenByTurn);
  const modelTimes = ascending(
    apiResult.turns.map((t) => stats.firstTokenByTurn[t.tag]).filter((ms) => ms !== undefined),
  );

  const f = (sorted: number[], p: number) => percentile(sorted, p).toFixed(1);
  const ratio = (p: number) => (percentile(ours.sorted, p) / percentile(baseline.sorted, p)).toFixed(1);
  const turnsAsked = conversationCount * turnCount;
  log(
    `our overhead            p50 ${f(ours.sorted, 50)} ms, p99 ${f(ours.sorted, 99)} ms, max ${f(ours.sorted, 100)} ms ` +
      `(${ours.sorted.length} of ${turnsAsked} turns measured, in ${apiResult.seconds.toFixed(1)} s)`,
  );
  log(
    `bare relay baseline     p50 ${f(baseline.sorted, 50)} ms, p99 ${f(baseline.sorted, 99)} ms ` +
      `(${baseline.sorted.length} turns): the api takes ${ratio(50)}x (p50) and ${ratio(99)}x (p99) the bare relay`,
  );
  log(
    `model's first token     p50 ${f(modelTimes, 50)} ms, p99 ${f(modelTimes, 99)} ms (timed by the model, subtracted per request)`,
  );
  log(
    `errors                  ${apiResult.errors.length} conversations failed on the api, ${bareResult.errors.length} on the bare relay; ` +
      `${ours.unmatched + baseline.unmatched} turns without the model's time, ${stats.untagged} untagged requests`,
  );
  for (const message of new Set([...apiResult.errors, ...bareResult.errors].slice(0, 5))) log(`  ${message}`);
  const perTurn = (seconds: number, turns: number) => (seconds * 1000) / Math.max(turns, 1);
  log(
    `api CPU                 ${apiCpu.toFixed(2)} s over its conversations: ${perTurn(apiCpu, ours.sorted.length).toFixed(1)} ms per turn ` +
      `(session set-up and close included); the bare relay ${perTurn(bareCpu, baseline.sorted.length).toFixed(1)} ms per turn`,
  );
  log(`api peak memory         ${peakMb.toFixed(0)} MB (VmHWM)`);
  log(
    `callers' event loop     p99 delay ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms (inflates the times above by up to this)`,
  );
  for (const [what, { count, example }] of problems.counts) log(`  logged ${count}x ${what} (${example})`);
  log(`machine                 load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
  const p99 = percentile(ours.sorted, 99);
  failed =
    verdict([
      {
        target: `p99 of our overhead under ${targetMs} ms`,
        measured: `p99 ${p99.toFixed(1)} ms`,
        pass: p99 < targetMs,
      },
      {
        target: 'every turn answered, no session error',
        measured: `${ours.sorted.length} of ${turnsAsked} turns, ${apiResult.errors.length} errors`,
        pass: apiResult.errors.length === 0 && ours.sorted.length === turnsAsked,
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
