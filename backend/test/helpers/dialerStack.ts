import { afterAll, beforeAll } from 'vitest';
import { adminClient } from './admin';
import type { TestClient } from './client';
import { spawnDialerWorker, startDialerApi } from './dialer';
import type { Spawned } from './processes';
import { ready } from './server';

export interface DialerStackOptions {
  /** Worker processes to start with the api (0 when the file applies events itself). */
  workers?: number;
  /** Added to the workers' environment (pacing limits, say). */
  workerEnv?: Record<string, string>;
  /** Sign an admin in for the file. */
  admin?: boolean;
  /** Runs after the file's tests, before the workers and the api stop. */
  beforeClose?: () => Promise<unknown>;
}

export interface DialerStack {
  readonly baseUrl: string;
  /** What a worker process needs to reach this api (with the file's `workerEnv`). */
  readonly workerEnv: Record<string, string>;
  /** The running workers, in start order; a test that kills one replaces it here. */
  readonly workers: Spawned[];
  readonly admin: TestClient;
  /** Starts one more worker with the file's environment. */
  spawnWorker(): Promise<Spawned>;
}

/**
 * The dialer's parts for a test file: the api in this process with the Twilio sandbox playing
 * calls, `workers` worker processes beside it, and an admin if asked for; started before the
 * file's tests and stopped after them. Read its fields inside a test or hook.
 */
export function useDialerStack({
  workers: count = 0,
  workerEnv = {},
  admin = false,
  beforeClose,
}: DialerStackOptions = {}): DialerStack {
  let api: Awaited<ReturnType<typeof startDialerApi>> | undefined;
  let env: Record<string, string> | undefined;
  let signedIn: TestClient | undefined;
  const workers: Spawned[] = [];

  beforeAll(async () => {
    api = await startDialerApi();
    env = { ...api.workerEnv, ...workerEnv };
    for (let i = 0; i < count; i++) workers.push(await spawnDialerWorker(env));
    if (admin) signedIn = (await adminClient(api.baseUrl)).client;
  }, 60_000);

  afterAll(async () => {
    await beforeClose?.();
    await Promise.all(workers.map((worker) => worker.stop()));
    await api?.close();
  });

  return {
    get baseUrl() {
      return ready(api, 'The dialer api').baseUrl;
    },
    get workerEnv() {
      return ready(env, 'The workers’ environment');
    },
    workers,
    get admin() {
      return ready(signedIn, 'The admin (useDialerStack({ admin: true }))');
    },
    spawnWorker: () => spawnDialerWorker(ready(env, 'The workers’ environment')),
  };
}
