// Reading the dialer bench's figures: the api's request log, and counting over sorted times.
import type { Readable } from 'node:stream';
import fs from 'node:fs';
import readline from 'node:readline';
import { cpuSecondsOf } from './benchEnv';

/** One Twilio webhook request as the api's request log tells it. */
export interface WebhookLine {
  callId: number;
  kind: string;
  status: number;
  /** How long the api took to answer, in whole milliseconds. */
  ms: number;
  /** Wall-clock ms the answer was logged. */
  at: number;
}

const WEBHOOK_PATH = /^\/webhooks\/twilio\/calls\/(\d+)\/([a-z-]+)$/;

interface LogEntry {
  level?: number;
  msg?: string;
  path?: string;
  status?: number;
  ms?: number;
  time?: number;
  err?: { message?: string } | string;
  /** What went wrong, where a message logs it as a field of its own (the sandbox's relay, say). */
  error?: string;
  /** The queue of a job's line (a job that failed, say). */
  queue?: string;
}

/** Every JSON line a process logs, as it runs. */
export function readLog(stdout: Readable, onEntry: (entry: LogEntry) => void): void {
  readline.createInterface({ input: stdout }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    try {
      onEntry(JSON.parse(line) as LogEntry);
    } catch {
      // a line cut by the process's exit
    }
  });
}

/** The entry's webhook request, when it is the request line of one. */
export function webhookLine(entry: LogEntry): WebhookLine | null {
  const match = entry.msg === 'request' && WEBHOOK_PATH.exec(entry.path ?? '');
  if (!match) return null;
  return {
    callId: Number(match[1]),
    kind: match[2]!,
    status: entry.status ?? 0,
    ms: entry.ms ?? 0,
    at: entry.time ?? 0,
  };
}

/** Warnings and errors the processes logged, counted by message, with the first example of each. */
export class Problems {
  readonly counts = new Map<string, { count: number; example: string }>();

  note(process: string, entry: LogEntry): void {
    if ((entry.level ?? 0) < 40 || entry.msg === 'request') return;
    const key = `${process}: ${entry.msg}${entry.queue ? ` (${entry.queue})` : ''}`;
    const seen = this.counts.get(key);
    if (seen) seen.count++;
    else {
      const err = typeof entry.err === 'string' ? entry.err : (entry.err?.message ?? entry.error);
      this.counts.set(key, { count: 1, example: (err ?? JSON.stringify(entry)).slice(0, 200) });
    }
  }
}

/** The most times within any one second. */
export function maxPerSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let max = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++;
    max = Math.max(max, i - j + 1);
  }
  return max;
}

/** Events per second between the first and the last. */
export function ratePerSecond(times: number[]): number {
  if (times.length < 2) return NaN;
  const first = times.reduce((a, b) => Math.min(a, b));
  const last = times.reduce((a, b) => Math.max(a, b));
  return times.length / Math.max((last - first) / 1000, 0.001);
}

/** " (3 closed, 1 503)": what came back instead of the expected answer, by kind; empty when nothing did. */
export const refusedDetail = (by: Record<string, number>) => {
  const parts = Object.entries(by).map(([answer, count]) => `${count} ${answer}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
};

export const ascending = (values: number[]) => [...values].sort((a, b) => a - b);

/** A server's process by its name (the database, Redis), whose CPU the run adds to (with anyone else's). */
function processNamed(name: RegExp): number | undefined {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (name.test(fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim())) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

const cpuOf = (pid: number | undefined) => {
  try {
    return pid ? cpuSecondsOf(pid) : 0;
  } catch {
    return 0; // exited
  }
};

/** Busy and total CPU seconds of the whole machine so far, every process and the kernel included. */
export function machineSeconds(): { busy: number; total: number } {
  // cpu user nice system idle iowait irq softirq steal, in USER_HZ (100 a second on Linux).
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((sum, n) => sum + n, 0);
  return { busy: (total - ticks[3]! - ticks[4]!) / 100, total: total / 100 };
}

/**
 * A process's main thread (the api's event loop) so far, in seconds: time on a core, and time it was
 * ready to run but waited for one (the kernel's run queue; /proc/<pid>/schedstat).
 */
export function mainThreadSchedule(pid: number): { ran: number; waited: number } {
  try {
    const [ran, waited] = fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { ran: ran! / 1e9, waited: waited! / 1e9 };
  } catch {
    return { ran: NaN, waited: NaN }; // exited, or a kernel without schedstats
  }
}

export interface GcPauses {
  young: number[];
  full: number[];
  /** Ms paused by every collection together. */
  totalMs: number;
}

/** The pauses the api's collections made between `from` and `to` (epoch ms), as gcPauses.mjs logged them, each kind ascending. */
export function gcPausesBetween(file: string, from: number, to: number): GcPauses {
  const pauses = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { at: number; ms: number; kind: string })
    .filter(({ at }) => at >= from && at <= to);
  const of = (kind: string) => ascending(pauses.filter((p) => p.kind === kind).map((p) => p.ms));
  return {
    young: of('young'),
    full: of('full'),
    totalMs: pauses.reduce((sum, p) => sum + p.ms, 0),
  };
}

/** CPU seconds used so far by the api, the workers together, and the database server. */
export function cpuMeter(apiPid: number, workerPids: number[]) {
  const dbPid = processNamed(/^(mariadbd|mysqld)$/);
  const redisPid = processNamed(/^redis-server$/);
  const read = () => ({
    api: cpuOf(apiPid),
    workers: workerPids.reduce((sum, pid) => sum + cpuOf(pid), 0),
    database: cpuOf(dbPid),
    redis: cpuOf(redisPid),
    // This process alone (its children are the api and the workers): the flood's sender.
    sender: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  });
  return {
    /** Starts a measurement; its result is the CPU ms each part spent per unit of work since. */
    start() {
      const before = read();
      return (units: number) => {
        const after = read();
        const per = (key: keyof typeof before) => ((after[key] - before[key]) * 1000) / Math.max(units, 1);
        return {
          api: per('api'),
          workers: per('workers'),
          database: per('database'),
          redis: per('redis'),
          sender: per('sender'),
        };
      };
    },
  };
}
