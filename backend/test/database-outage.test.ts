import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { TestClient, uniqueEmail } from './helpers/client';
import { freePort, spawnApi, type Spawned } from './helpers/processes';

/**
 * The database out of reach while the api runs: a TCP proxy of this file's own stands between a
 * real api process and MariaDB, and is cut and restored as a network fault would be.
 */
let proxyPort: number;
let proxy: net.Server | undefined;
const links = new Set<net.Socket>();
let api: Spawned;
let client: TestClient;

function openProxy(): Promise<void> {
  const target = new URL(config.databaseUrl);
  proxy = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 3306), target.hostname);
    for (const socket of [inbound, outbound]) {
      links.add(socket);
      socket.once('close', () => links.delete(socket));
      socket.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  return new Promise((resolve) => proxy!.listen(proxyPort, '127.0.0.1', () => resolve()));
}

/** Every connection dropped, and new ones refused. */
function cutProxy(): Promise<void> {
  const server = proxy;
  proxy = undefined;
  for (const socket of links) socket.destroy();
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

beforeAll(async () => {
  proxyPort = await freePort();
  await openProxy();
  const databaseUrl = new URL(config.databaseUrl);
  databaseUrl.port = String(proxyPort);
  const port = await freePort();
  api = await spawnApi(port, { DATABASE_URL: databaseUrl.toString() });
  client = new TestClient(`http://127.0.0.1:${port}`);
  const res = await client.post('/api/register', {
    fullName: 'Outage Owner',
    email: uniqueEmail('outage'),
    password: 'secret123',
  });
  expect(res.status, res.text).toBe(201);
}, 60_000);

afterAll(async () => {
  await api?.stop();
  await cutProxy();
});

describe('the database out of reach', () => {
  it('answers signed-in reads 503 with Retry-After, and serves again once it is back, without a restart', async () => {
    expect((await client.get('/api/campaigns')).status).toBe(200);
    await cutProxy();

    for (const path of ['/api/campaigns', '/api/dashboard', '/api/prospect-lists']) {
      const res = await client.get(path);
      expect(res.status, `${path}: ${res.text}`).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.json).toMatchObject({ code: 'unavailable' });
    }

    await openProxy();
    await expect.poll(async () => (await client.get('/api/campaigns')).status, { timeout: 15_000 }).toBe(200);
  });
});
