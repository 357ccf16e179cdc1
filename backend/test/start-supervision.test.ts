import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { API_NODE_FLAGS } from '../../scripts/apiNodeFlags.mjs';
import { WORKER_ENTRY, WORKER_NODE_FLAGS } from '../../scripts/workerNodeFlags.mjs';
import { freePort } from './helpers/processes';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const packageScripts = (
  JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start` without its install and build steps, on a port of its own. */
function startScript(port: number): Started {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--skip-install', '--skip-build'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), PUBLIC_URL: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor<T>(what: string, read: () => T | undefined | null | false, timeoutMs = 60_000) {
  return vi.waitFor(() => read() || Promise.reject(new Error(`timed out waiting for ${what}`)), {
    timeout: timeoutMs,
    interval: 100,
  });
}

const pidsOf = (output: string, name: string) =>
  [...output.matchAll(new RegExp(`\\[start\\] ${name} started \\(pid (\\d+)\\)`, 'g'))].map((m) =>
    Number(m[1]),
  );

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let started: Started | undefined;

afterAll(async () => {
  if (started && started.child.exitCode === null) {
    started.child.kill('SIGTERM');
    await started.exited;
  }
});

describe('npm start', () => {
  it('says where the app is, restarts a killed worker without touching the api, and refuses a taken port', async () => {
    const port = await freePort();
    started = startScript(port);
    const { output } = started;

    // The banner's lines may arrive in more than one chunk: wait for its last one.
    await waitFor('the start banner', () => output().includes('Create an admin: npm run create-admin'));
    expect(output()).toContain(`Ringcast is running on http://localhost:${port}`);
    expect(output()).toMatch(/Sandbox mode: Stripe, Twilio, OpenAI, Mail run on local stand-ins/);
    expect(output()).toContain('Create an admin: npm run create-admin -- --email you@');

    const [apiPid] = pidsOf(output(), 'api');
    await waitFor('the worker', () => pidsOf(output(), 'worker').length > 0);
    const [workerPid] = pidsOf(output(), 'worker');
    // Each runs with its own Node options, as `npm run api` and `npm run worker` do; the worker from
    // its bundle.
    const nodeArgsOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    expect(nodeArgsOf(apiPid!)).toEqual(expect.arrayContaining(API_NODE_FLAGS));
    expect(packageScripts.api.split(' ')).toEqual(expect.arrayContaining(API_NODE_FLAGS));
    expect(nodeArgsOf(workerPid!)).toEqual(expect.arrayContaining([...WORKER_NODE_FLAGS, WORKER_ENTRY]));
    expect(packageScripts.worker.split(' ')).toEqual(
      expect.arrayContaining([...WORKER_NODE_FLAGS, WORKER_ENTRY]),
    );
    for (const flag of API_NODE_FLAGS) expect(nodeArgsOf(workerPid!)).not.toContain(flag);
    await waitFor('the worker to be ready', () => output().includes('Ringcast worker started'));
    process.kill(workerPid!, 'SIGKILL');

    await waitFor('the restart', () => pidsOf(output(), 'worker').length === 2);
    expect(output()).toContain('[start] worker was killed by SIGKILL; restarting it in 1 s');
    const restartedPid = pidsOf(output(), 'worker')[1]!;
    expect(restartedPid).not.toBe(workerPid);
    await waitFor(
      'the restarted worker to be ready',
      () => output().split('Ringcast worker started').length === 3,
    );
    // The api was left alone: same process, still answering.
    expect(pidsOf(output(), 'api')).toEqual([apiPid]);
    expect((await fetch(`http://127.0.0.1:${port}/api/config`)).status).toBe(200);

    const second = startScript(port);
    expect(await second.exited).not.toBe(0);
    expect(second.output().trim().split('\n')).toEqual([
      `Port ${port} is already in use: stop what runs there, or start on another port (PORT=${port + 1} npm start).`,
    ]);

    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(isAlive(apiPid!)).toBe(false);
    expect(isAlive(restartedPid)).toBe(false);
  }, 120_000);
});
