// The status-callback flood's figures, as bench:dialer prints them (dialerFlood.ts runs the flood).
import { cpus } from 'node:os';
import { percentile } from './benchEnv';
import { ascending, gcPausesBetween, refusedDetail, type cpuMeter, type WebhookLine } from './dialerFigures';
import type { FloodResult } from './dialerFlood';

type CpuPerUnit = ReturnType<ReturnType<ReturnType<typeof cpuMeter>['start']>>;

export interface FloodReportInput {
  flood: FloodResult;
  /** CPU ms per callback sent, of each part, over the flood. */
  cpuMs: CpuPerUnit;
  /** The api's timed webhook answers (the flood's are those after it started). */
  webhooks: WebhookLine[];
  /** The api's GC trace file (gcPauses.mjs). */
  gcLog: string;
  rate: number;
  seconds: number;
}

const p = (sorted: number[], n: number) => percentile(sorted, n).toFixed(0);

/** The flood's lines: what was sent and answered, against the bare route, ingested, and what it cost. */
export function floodReport({ flood, cpuMs, webhooks, gcLog, rate, seconds }: FloodReportInput): string[] {
  const lines: string[] = [];
  const ratio = (n: number) => (percentile(flood.answers, n) / percentile(flood.bare, n)).toFixed(1);
  lines.push(
    `\nstatus callbacks posted straight to the webhook at ${rate}/s for ${seconds} s (${flood.calls} calls of 4):`,
  );
  lines.push(
    `  sent                  ${flood.sent} in ${flood.sendSeconds.toFixed(1)} s: ${(flood.sent / flood.sendSeconds).toFixed(0)}/s (p99 ${flood.lateP99.toFixed(1)} ms behind schedule), ${flood.refused} not answered 204${refusedDetail(flood.refusedBy)}`,
  );
  lines.push(
    `  answer                p50 ${flood.answers.length ? percentile(flood.answers, 50).toFixed(1) : '-'} ms, p99 ${p(flood.answers, 99)} ms, max ${flood.answers.at(-1)?.toFixed(0)} ms (timed by the sender)`,
  );
  const apiTimed = ascending(
    webhooks.filter((w) => w.kind === 'status' && w.at >= flood.startedAt).map((w) => w.ms),
  );
  lines.push(
    `  answer in the api     p50 ${p(apiTimed, 50)} ms, p99 ${p(apiTimed, 99)} ms (from its first middleware to its last, whole ms; the rest of the sender's time is the network stack and waiting for the event loop)`,
  );
  lines.push(
    `  bare answer (404)     p50 ${percentile(flood.bare, 50).toFixed(1)} ms, p99 ${p(flood.bare, 99)} ms: the webhook takes ${ratio(50)}x (p50) and ${ratio(99)}x (p99) the bare route`,
  );
  lines.push(
    `  ingested              ${flood.ingested}: ${(flood.ingested / flood.ingestSeconds).toFixed(0)}/s (first to last applied), the last ${flood.drainSeconds.toFixed(1)} s after the last was sent`,
  );
  lines.push(
    `  steady                ${flood.steady.appliedPerSecond.toFixed(0)}/s applied from ${flood.steady.from} s to ${flood.steady.to} s, while ${flood.steady.sentPerSecond.toFixed(0)}/s were sent (past the ramp of each call's four)`,
  );
  const ours = cpuMs.api + cpuMs.workers + cpuMs.database + cpuMs.redis;
  lines.push(
    `  CPU per callback      api ${cpuMs.api.toFixed(2)} ms, workers ${cpuMs.workers.toFixed(2)} ms, database ${cpuMs.database.toFixed(2)} ms, Redis ${cpuMs.redis.toFixed(2)} ms: ${cpus().length} idle cores would ingest at most ${((cpus().length * 1000) / ours).toFixed(0)}/s`,
  );
  lines.push(
    `  sender's CPU          ${cpuMs.sender.toFixed(2)} ms per callback (Twilio's side, on the same cores here)`,
  );
  lines.push(
    `  machine busy          ${(flood.machineBusy * 100).toFixed(0)}% of its ${cpus().length} cores while the callbacks were sent (every process and the kernel)`,
  );
  lines.push(
    `  api's event loop      on a core ${(flood.apiLoop.ran * 100).toFixed(0)}% of that time, ready but waiting for one ${(flood.apiLoop.waited * 100).toFixed(0)}% (the kernel's run queue: an answer due meanwhile waits too)`,
  );
  const gc = gcPausesBetween(gcLog, flood.startedAt, flood.startedAt + flood.sendSeconds * 1000);
  lines.push(
    `  api's GC pauses       ${gc.young.length} young-generation collections (p50 ${gc.young.length ? percentile(gc.young, 50).toFixed(1) : '-'} ms, longest ${gc.young.at(-1)?.toFixed(1) ?? '-'} ms), ${gc.full.length} full${gc.full.length ? ` (longest ${gc.full.at(-1)!.toFixed(1)} ms)` : ''}: ${gc.totalMs.toFixed(0)} ms in all, ${((gc.totalMs / (flood.sendSeconds * 1000)) * 100).toFixed(1)}% of the flood`,
  );
  lines.push(
    `  completed->socket     p50 ${p(flood.toSocket, 50)} ms, p99 ${p(flood.toSocket, 99)} ms (${flood.toSocket.length} calls)`,
  );
  return lines;
}
