// The worker as it runs in production (its bundle, under its own Node options) and as a plain node
// process, so /proc/<pid> is the worker's own memory: VmHWM for the lifetime peak, VmRSS sampled for
// the peak of one phase.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { buildWorker, workerBuildIsStale } from '../build-worker.mjs';
import { WORKER_ENTRY, WORKER_NODE_FLAGS } from '../workerNodeFlags.mjs';

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  let status = '';
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0; // the process has exited
  }
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

export interface WorkerProcess {
  /** Its output after start-up is read here or dropped. */
  child: ChildProcess;
  /** Starts a new peak measurement from the current RSS. */
  resetPeak: () => void;
  peakRss: () => number;
  lifetimePeakRss: () => number;
  stop: () => Promise<void>;
}

/** `nodeArgs`: more options for node itself, `--cpu-prof` say. */
export async function startWorkerProcess(root: string, nodeArgs: string[] = []): Promise<WorkerProcess> {
  if (workerBuildIsStale()) await buildWorker();
  const child = spawn(process.execPath, [...WORKER_NODE_FLAGS, ...nodeArgs, WORKER_ENTRY], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/worker started/.test(output)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}:\n${output}`)));
  });
  child.stdout.removeAllListeners('data').resume();
  child.stderr.removeAllListeners('data').resume();
  const pid = child.pid!;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, statusField(pid, 'VmRSS'))), 20);
  child.once('exit', () => clearInterval(sampler));
  return {
    child,
    resetPeak: () => {
      peak = statusField(pid, 'VmRSS');
    },
    peakRss: () => Math.max(peak, statusField(pid, 'VmRSS')),
    lifetimePeakRss: () => statusField(pid, 'VmHWM'),
    stop: async () => {
      clearInterval(sampler);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
