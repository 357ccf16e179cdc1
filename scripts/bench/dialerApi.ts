// The bench's api process: its GC pauses written to a scratch file, its webhook answers and the
// problems it logs collected as they come.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { percentile } from './benchEnv';
import { Problems, ascending, readLog, webhookLine, type WebhookLine } from './dialerFigures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts the api on `port` (with a CPU profile in `profileDir` when given). */
export async function startBenchApi(port: number, profileDir: string | undefined) {
  const { spawnApi } = await import('@ringcast/backend/testing');
  const gcLog = path.join(fs.mkdtempSync(path.join(tmpdir(), 'ringcast-bench-')), 'api-gc.jsonl');
  const api = await spawnApi(
    port,
    { BENCH_GC_LOG: gcLog },
    {
      nodeArgs: [
        '--import',
        path.join(root, 'scripts/bench/gcPauses.mjs'),
        ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ],
    },
  );
  const webhooks: WebhookLine[] = [];
  const problems = new Problems();
  readLog(api.child.stdout!, (entry) => {
    const line = webhookLine(entry);
    if (line) webhooks.push(line);
    else problems.note('api', entry);
  });
  const cleanUp = async () => fs.rmSync(path.dirname(gcLog), { recursive: true, force: true });
  return { api, gcLog, webhooks, problems, cleanUp };
}

const p = (sorted: number[], n: number) => percentile(sorted, n).toFixed(0);

/** The api's answer times: status callbacks, every webhook, then each other kind apart. */
export function webhookAnswerLines(webhooks: WebhookLine[]): string[] {
  const statusAnswers = ascending(webhooks.filter((w) => w.kind === 'status').map((w) => w.ms));
  const allAnswers = ascending(webhooks.map((w) => w.ms));
  const refused = webhooks.filter((w) => w.status >= 400).length;
  const lines = [
    `webhook answer (status) p50 ${p(statusAnswers, 50)} ms, p99 ${p(statusAnswers, 99)} ms, max ${statusAnswers.at(-1)} ms (${statusAnswers.length} answered, timed by the api)`,
    `webhook answer (all)    p50 ${p(allAnswers, 50)} ms, p99 ${p(allAnswers, 99)} ms (${allAnswers.length} incl. TwiML, AMD, key presses; ${refused} refused)`,
  ];
  const kinds = [...new Set(webhooks.map((w) => w.kind))].filter((kind) => kind !== 'status').sort();
  for (const kind of kinds) {
    const times = ascending(webhooks.filter((w) => w.kind === kind).map((w) => w.ms));
    lines.push(
      `  ${kind.padEnd(21)} p50 ${p(times, 50)} ms, p99 ${p(times, 99)} ms, max ${times.at(-1)} ms (${times.length})`,
    );
  }
  return lines;
}

/**
 * For each call a screen saw end, the time from its final callback (the last status callback
 * answered before the screen heard the end) to that moment, ascending.
 */
export function finalCallbackToSocket(webhooks: WebhookLine[], finalSeenAt: Map<number, number>): number[] {
  const statusTimesByCall = new Map<number, number[]>();
  for (const line of webhooks.filter((w) => w.kind === 'status'))
    statusTimesByCall.set(line.callId, [...(statusTimesByCall.get(line.callId) ?? []), line.at]);
  const toSocket: number[] = [];
  for (const [callId, seenAt] of finalSeenAt) {
    const answered = (statusTimesByCall.get(callId) ?? []).filter((at) => at <= seenAt);
    if (answered.length) toSocket.push(seenAt - Math.max(...answered));
  }
  return ascending(toSocket);
}
