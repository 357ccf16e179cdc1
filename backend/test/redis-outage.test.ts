import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { config } from '../src/config';
import { enqueue } from '../src/queues';
import { isRedisUnavailable } from '../src/lib/redisOutage';
import { TestClient, registeredClient } from './helpers/client';
import { freePort } from './helpers/processes';
import { startTestApi } from './helpers/server';

let redisPort: number;
let redis: ChildProcess | undefined;
let api: Awaited<ReturnType<typeof startTestApi>>;

/** A Redis of this file's own, which it can stop and start again. Nothing is saved between runs. */
async function startRedis(): Promise<void> {
  const child = spawn('redis-server', ['--port', String(redisPort), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  redis = child;
  await vi.waitFor(
    () =>
      new Promise<void>((resolve, reject) => {
        if (child.exitCode !== null) return reject(new Error(`redis-server exited with ${child.exitCode}`));
        const socket = net.connect(redisPort, '127.0.0.1');
        socket.once('connect', () => (socket.destroy(), resolve()));
        socket.once('error', () => reject(new Error('redis-server did not start')));
      }),
    { timeout: 10_000, interval: 50 },
  );
}

async function stopRedis(): Promise<void> {
  const child = redis;
  redis = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** How a request is answered, and how long it took. */
async function timed(run: () => Promise<{ status: number; headers: Headers }>) {
  const started = performance.now();
  const res = await run();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), ms: performance.now() - started };
}

beforeAll(async () => {
  redisPort = await freePort();
  await startRedis();
  // Every connection this process opens from here on goes to the private Redis.
  config.redisUrl = `redis://127.0.0.1:${redisPort}`;
  api = await startTestApi();
}, 60_000);

afterAll(async () => {
  // Closing waits for each connection to say goodbye to Redis, so it must be there.
  if (!redis) await startRedis();
  await api?.close();
  await stopRedis();
});

describe('Redis unreachable', () => {
  it('answers 503 with Retry-After within a second, fails enqueueing fast, and recovers when Redis returns', async () => {
    const { client } = await registeredClient(api.baseUrl);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    expect((await enqueue('deliverContactMessage', { contactMessageId: 1 })).id).toBeTruthy();

    await stopRedis();

    // (A signed-in tab's own reads may still be answered from the api's memory.)
    for (const run of [
      () => new TestClient(api.baseUrl).post('/api/login', { email: 'ada@example.com', password: 'secret1' }),
      () => new TestClient(api.baseUrl).get('/api/ready'),
      () =>
        new TestClient(api.baseUrl).post('/api/contact', {
          name: 'Ada',
          email: 'ada@example.com',
          message: 'Hello there',
        }),
    ]) {
      const answer = await timed(run);
      expect(answer).toMatchObject({ status: 503, retryAfter: '5' });
      expect(answer.ms).toBeLessThan(1000);
    }
    // The process itself is alive: a supervisor restarting it would not bring Redis back.
    const health = await timed(() => new TestClient(api.baseUrl).get('/api/health'));
    expect(health).toMatchObject({ status: 200, retryAfter: null });
    expect(health.ms).toBeLessThan(1000);
    expect((await new TestClient(api.baseUrl).get('/api/ready')).json).toMatchObject({
      status: 'not ready',
      database: true,
      redis: false,
    });
    const body = await new TestClient(api.baseUrl).post('/api/register', {
      fullName: 'Ada Lovelace',
      email: 'ada.outage@example.com',
      password: 'secret1',
    });
    expect(body.status).toBe(503);
    expect(body.json).toEqual({
      error: 'Ringcast is briefly unavailable. Please try again in a few seconds.',
      code: 'unavailable',
    });

    const started = performance.now();
    const failure = await enqueue('deliverContactMessage', { contactMessageId: 2 }).catch((err) => err);
    expect(isRedisUnavailable(failure)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);

    await startRedis();
    // No restart: the connections find Redis again by themselves (its data is gone with it).
    await expect
      .poll(async () => (await new TestClient(api.baseUrl).get('/api/ready')).status, {
        message: 'the api did not find Redis again',
        timeout: 15_000,
        interval: 100,
      })
      .toBe(200);
    const again = await registeredClient(api.baseUrl);
    expect((await again.client.get('/api/auth/user')).status).toBe(200);
    expect((await enqueue('deliverContactMessage', { contactMessageId: 3 })).id).toBeTruthy();
  }, 60_000);
});
