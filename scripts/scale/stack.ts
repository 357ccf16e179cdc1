// Ringcast scaled out on one machine: nginx (ops/nginx.conf) in front of N api processes, and M
// worker processes, on one database and one Redis. Used by the scale tests, bench:scale and
// `npm run stack`.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, spawnProcess, type Spawned } from '@ringcast/backend/testing';
import { API_NODE_FLAGS } from '../apiNodeFlags.mjs';
import { nginxArgs, prepareNginxPrefix, writeNginxConfig } from './nginxConfig';
import { waitUntilServedBy } from './readiness';

export const NGINX_BINARY = '/usr/sbin/nginx';

export interface StackProcess {
  name: string;
  port?: number;
  pid(): number;
  output(): string;
  /** SIGTERM, then waits for the exit (SIGKILL after the helper's grace); the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL, and waits for the exit. */
  kill(): Promise<void>;
  /** Starts it again with the same port and env; resolves when it is ready (an api: through nginx). */
  restart(): Promise<void>;
}

export interface ScaleStack {
  /** nginx's address: the stack's public URL. */
  url: string;
  nginxPort: number;
  apis: StackProcess[];
  workers: StackProcess[];
  /** nginx's access log so far: each request with the api(s) that took it (ops/nginx.conf's format). */
  accessLog(): string;
  stop(): Promise<void>;
}

export interface ScaleStackOptions {
  apis: number;
  workers: number;
  /** DATABASE_URL, REDIS_URL, REDIS_PREFIX and the like, for every process. */
  env: Record<string, string>;
  /** nginx listens here, the apis on the next ports, the mail sandbox after them; free ports if unset. */
  basePort?: number;
}

/**
 * How long a process may take to start: a machine starting several stacks at once (test files side
 * by side) compiles and boots a dozen of them on a few cores.
 */
const START_TIMEOUT_MS = 120_000;

/** How long the stack's own stop lets a process finish before it is killed (a test's teardown). */
const TEARDOWN_GRACE_MS = 30_000;

/** One of the stack's node processes, restartable with the same settings. */
function stackProcess(
  name: string,
  port: number | undefined,
  start: () => Promise<Spawned>,
  ready: () => Promise<void>,
) {
  let current: Spawned | undefined;
  const exited = () => current!.child.exitCode !== null || current!.child.signalCode !== null;
  /** Signals the process and waits for its exit; with `killAfterMs`, kills it if it is still there then. */
  const signal = async (name: NodeJS.Signals, killAfterMs?: number): Promise<number | null> => {
    const child = current!.child;
    if (exited()) return child.exitCode;
    const gone = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(name);
    const killer =
      killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    const code = await gone;
    clearTimeout(killer);
    return code;
  };
  const process: StackProcess = {
    name,
    port,
    pid: () => current!.child.pid!,
    output: () => current?.output() ?? '',
    // No deadline of ours: each process bounds its own stop (an api's drain, DRAIN_SECONDS; a
    // worker's jobs in flight), and a rolling restart must see it stop as it would in production.
    stop: () => signal('SIGTERM'),
    kill: async () => void (await signal('SIGKILL')),
    restart: async () => {
      if (current && !exited()) await signal('SIGTERM');
      current = await start();
      await ready();
    },
  };
  return {
    process,
    start: async () => void (current = await start()),
    tearDown: async () => void (current && (await signal('SIGTERM', TEARDOWN_GRACE_MS))),
  };
}

function startNginx(directory: string, config: string): Promise<ChildProcess> {
  const child = spawn(NGINX_BINARY, nginxArgs(directory, config, 'daemon off; '), {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`nginx exited with ${code}:\n${output}${errorLog(directory)}`)),
    );
    child.once('spawn', () => resolve(child));
  });
}

const readLog = (directory: string, name: string) => {
  try {
    return fs.readFileSync(path.join(directory, 'logs', name), 'utf8');
  } catch {
    return '';
  }
};
const errorLog = (directory: string) => readLog(directory, 'error.log');

async function stopNginx(nginx: ChildProcess): Promise<void> {
  if (nginx.exitCode !== null || nginx.signalCode !== null) return;
  // Not the start-up's listener, which would call this exit a failure to start.
  nginx.removeAllListeners('exit');
  const gone = new Promise((resolve) => nginx.once('exit', resolve));
  // SIGQUIT: nginx's graceful stop, open WebSockets included would wait for ever; TERM is quick.
  nginx.kill('SIGTERM');
  await gone;
}

/**
 * Starts nginx and the processes, and resolves once nginx reaches every api. A process that fails
 * to start stops the others first.
 */
export async function startScaleStack({
  apis,
  workers,
  env,
  basePort,
}: ScaleStackOptions): Promise<ScaleStack> {
  const port = async (offset: number) => (basePort === undefined ? freePort() : basePort + offset);
  const nginxPort = await port(0);
  const apiPorts: number[] = [];
  for (let i = 0; i < apis; i++) apiPorts.push(await port(1 + i));
  const mailPort = await port(1 + apis);
  const url = `http://127.0.0.1:${nginxPort}`;

  // Every process names the stack's public URL: Twilio's callbacks and signatures, the sandbox's
  // SDK calls and the links in mail all go through nginx, to any api.
  const shared = { ...env, PUBLIC_URL: url, SANDBOX_URL: url, MAIL_SANDBOX_PORT: String(mailPort) };
  const apiEnv = { ...shared, TRUST_PROXY: 'true', SERVICES: 'api,relay' };

  const directory = fs.mkdtempSync(path.join(tmpdir(), 'ringcast-stack-'));
  prepareNginxPrefix(directory);
  const config = writeNginxConfig(
    directory,
    apiPorts.map((apiPort) => `127.0.0.1:${apiPort}`),
    nginxPort,
  );

  const apiProcesses = apiPorts.map((apiPort, i) =>
    stackProcess(
      `api-${i + 1}`,
      apiPort,
      () =>
        spawnProcess(
          'backend/src/server.ts',
          { ...apiEnv, PORT: String(apiPort) },
          /api listening/,
          { nodeArgs: API_NODE_FLAGS },
          START_TIMEOUT_MS,
        ),
      () => waitUntilServedBy(url, `127.0.0.1:${apiPort}`),
    ),
  );
  const workerProcesses = Array.from({ length: workers }, (_, i) =>
    stackProcess(
      `worker-${i + 1}`,
      undefined,
      () => spawnProcess('worker/src/main.ts', shared, /worker started/, {}, START_TIMEOUT_MS),
      async () => {},
    ),
  );

  let nginx: ChildProcess | undefined;
  const tearDown = async () => {
    // Workers first: jobs in flight may still call the apis as they finish.
    await Promise.all(workerProcesses.map((p) => p.tearDown()));
    await Promise.all(apiProcesses.map((p) => p.tearDown()));
    if (nginx) await stopNginx(nginx);
    fs.rmSync(directory, { recursive: true, force: true });
  };
  try {
    nginx = await startNginx(directory, config);
    // The first api migrates the database alone: two at once would race on the same migration.
    const [first, ...others] = apiProcesses;
    await first.start();
    // All settled before a failure is thrown: one still starting would outlive the teardown.
    const starts = await Promise.allSettled([...others, ...workerProcesses].map((p) => p.start()));
    const failed = starts.find((start) => start.status === 'rejected');
    if (failed) throw failed.reason;
    await Promise.all(apiPorts.map((apiPort) => waitUntilServedBy(url, `127.0.0.1:${apiPort}`)));
  } catch (err) {
    await tearDown();
    throw err;
  }

  return {
    url,
    nginxPort,
    apis: apiProcesses.map((p) => p.process),
    workers: workerProcesses.map((p) => p.process),
    accessLog: () => readLog(directory, 'access.log'),
    stop: tearDown,
  };
}
