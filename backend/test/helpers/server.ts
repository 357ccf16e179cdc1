import { afterAll, beforeAll } from 'vitest';
import type { EventName, EventPayload } from '@ringcast/shared-types';
import type { User } from '../../src/db/models';
import { config } from '../../src/config';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server';
import { adminClient } from './admin';
import { TestClient, fromAddress, registeredClient } from './client';
import { freePort, spawnApi, spawnWorker, type Spawned } from './processes';
import { collect, openSocket, type TestSocket } from './sockets';

/**
 * The api in this test process, on a free port. It serves the provider sandboxes too, and the
 * SDKs in this process are pointed at them (the port is only known now).
 */
export async function startTestApi(options?: ServerOptions): Promise<RunningServer & { baseUrl: string }> {
  const server = await startServer(0, { keepDatabaseOpen: true, ...options });
  const baseUrl = `http://127.0.0.1:${server.port}`;
  config.sandboxUrl = baseUrl;
  return { ...server, baseUrl };
}

export interface TestApi {
  readonly baseUrl: string;
  /** A signed-in admin of the admin email domain (`useTestApi({ admin: true })`). */
  readonly admin: TestClient;
  readonly adminUser: User;
  /** The worker process (`useTestApi({ worker: true })`). */
  readonly worker: Spawned;
  /** A socket signed in as this client, closed after the file's tests. */
  openSocket(client: TestClient): Promise<TestSocket>;
  /** A socket for each client, and what each hears of `event` from now on (in the clients' order). */
  hear<E extends EventName>(
    event: E,
    clients: TestClient[],
  ): Promise<{ sockets: TestSocket[]; events: EventPayload<E>[][] }>;
}

/** A value a file's `beforeAll` sets: read before it is there, it says so instead of being undefined. */
export function ready<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not there: read it inside a test or hook`);
  return value;
}

/**
 * The api for a test file: started before its tests and closed after them, with the sockets
 * opened through it. With `worker`, a worker process too, whose SDKs reach this api's sandboxes;
 * with `admin`, a signed-in admin. Its fields are there inside tests and hooks.
 */
export function useTestApi({ admin = false, worker = false } = {}): TestApi {
  let api: Awaited<ReturnType<typeof startTestApi>> | undefined;
  let spawned: Spawned | undefined;
  let signedIn: Awaited<ReturnType<typeof adminClient>> | undefined;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    api = await startTestApi();
    if (worker)
      spawned = await spawnWorker({
        SANDBOX_URL: api.baseUrl,
        MAIL_SANDBOX_PORT: String(config.mailSandboxPort),
      });
    if (admin) signedIn = await adminClient(api.baseUrl);
  }, 60_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await spawned?.stop();
    await api?.close();
  });

  return {
    get baseUrl() {
      return ready(api, 'The test api').baseUrl;
    },
    get admin() {
      return ready(signedIn, 'The admin (useTestApi({ admin: true }))').client;
    },
    get adminUser() {
      return ready(signedIn, 'The admin (useTestApi({ admin: true }))').user;
    },
    get worker() {
      return ready(spawned, 'The worker (useTestApi({ worker: true }))');
    },
    async openSocket(client) {
      const socket = await openSocket(ready(api, 'The test api').baseUrl, client.cookieHeader);
      sockets.push(socket);
      return socket;
    },
    async hear(event, clients) {
      const opened = await Promise.all(clients.map((client) => this.openSocket(client)));
      return { sockets: opened, events: opened.map((socket) => collect(socket, event)) };
    },
  };
}

/**
 * The api for a test file at the limits' real numbers, trusting X-Forwarded-For, so that each test
 * acts from addresses no other test used (10.<block>.x.y, a block per file) and starts with clean
 * counters.
 */
export function useTestApiFromAddresses(block: number) {
  config.trustProxy = true;
  config.rateLimitScale = 1;
  const api = useTestApi();
  let last = 0;
  return {
    api,
    newAddress: () => {
      last += 1;
      return `10.${block}.${Math.floor(last / 250)}.${(last % 250) + 1}`;
    },
    /** A client whose requests come from `address`. */
    at: (address: string) => new TestClient(api.baseUrl, fromAddress(address)),
    /** A new account, signed in from `address`. */
    registeredAt: (address: string) => registeredClient(api.baseUrl, {}, fromAddress(address)),
  };
}

/**
 * A second api process for a test file (what one process changes must reach the other's sockets):
 * started before its tests, stopped after them. Its baseUrl is there inside tests and hooks.
 */
export function useSpawnedApi() {
  let spawned: { process: Spawned; baseUrl: string } | undefined;

  beforeAll(async () => {
    const port = await freePort();
    spawned = { process: await spawnApi(port), baseUrl: `http://127.0.0.1:${port}` };
  }, 60_000);

  afterAll(async () => {
    await spawned?.process.stop();
  });

  return {
    get baseUrl() {
      return ready(spawned, 'The spawned api').baseUrl;
    },
  };
}
