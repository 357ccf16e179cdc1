import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_NODE_FLAGS } from '../../../scripts/apiNodeFlags.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const OUTPUT_TAIL_CHARS = 20_000;
/** How long a stopped process may take to finish its work before it is killed. */
const STOP_GRACE_MS = 15_000;

export interface Spawned {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
}

export interface SpawnOptions {
  /** Keep collecting the process's output after it is ready (a test that reads its logs). */
  keepOutput?: boolean;
  /** Node's own flags (a bench's --cpu-prof, which NODE_OPTIONS may not carry). */
  nodeArgs?: string[];
}

/** Starts one of our processes (api or worker) as a real separate process with this run's env. */
export function spawnProcess(
  script: string,
  env: Record<string, string>,
  readyPattern: RegExp,
  { keepOutput = false, nodeArgs = [] }: SpawnOptions = {},
  timeoutMs = 30_000,
): Promise<Spawned> {
  // Node itself with tsx's loader, not the tsx launcher: a signal (SIGKILL above all, which a
  // launcher cannot pass on) reaches the process under test, and none outlives its test file.
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(repoRoot, script)], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A process that outlives its test file would take the next file's jobs: stop it, for good.
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    const code = await exited;
    clearTimeout(killer);
    return code;
  };
  return new Promise((resolve, reject) => {
    // One that is late is killed: left running, it would start later and take this file's jobs.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start in time:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (readyPattern.test(output)) {
        clearTimeout(timer);
        if (!keepOutput) drain();
        resolve({ child, output: () => output, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    // Once ready, keep only the latest output (a long run would pile up logs), for failures to show.
    const keepTail = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
    };
    const drain = () => {
      child.stdout?.off('data', onData).on('data', keepTail);
      child.stderr?.off('data', onData).on('data', keepTail);
    };
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before it was ready:\n${output}`));
    });
  });
}

/** The api as it runs in production, with its own Node options. */
export const spawnApi = (port: number, env: Record<string, string> = {}, options: SpawnOptions = {}) =>
  spawnProcess('backend/src/server.ts', { PORT: String(port), ...env }, /api listening/, {
    ...options,
    nodeArgs: [...API_NODE_FLAGS, ...(options.nodeArgs ?? [])],
  });

export const spawnWorker = (env: Record<string, string> = {}) =>
  spawnProcess('worker/src/main.ts', env, /worker started/);

/** Runs one of our scripts (`scripts/*.ts`) to its end with this run's env; never rejects. */
export function runScript(
  script: string,
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, script)],
      { cwd: repoRoot, env: { ...process.env, ...env }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A port no one is listening on right now. */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
