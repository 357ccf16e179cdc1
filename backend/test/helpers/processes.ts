import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');

export interface Spawned {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
}

/** Starts one of our processes (api or worker) as a real separate process with this run's env. */
function spawnProcess(script: string, env: Record<string, string>, readyPattern: RegExp, timeoutMs = 30_000): Promise<Spawned> {
  const child = spawn(tsx, [path.join(repoRoot, script)], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start in time:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (readyPattern.test(output)) {
        clearTimeout(timer);
        drain();
        resolve({ child, output: () => output, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    // Once ready, keep draining the pipes but stop collecting (a long run would pile up logs).
    const drain = () => {
      child.stdout?.off('data', onData).resume();
      child.stderr?.off('data', onData).resume();
    };
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before it was ready:\n${output}`));
    });
  });
}

export const spawnApi = (port: number, env: Record<string, string> = {}) =>
  spawnProcess('backend/src/server.ts', { PORT: String(port), ...env }, /api listening/);

export const spawnWorker = () => spawnProcess('worker/src/main.ts', {}, /worker started/);

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
