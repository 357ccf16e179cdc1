import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredClient } from './helpers/client';
import { startTestApi } from './helpers/server';
import { freePort, spawnApi, type Spawned } from './helpers/processes';
import { openSocket } from './helpers/sockets';
import { askUpgrade } from './helpers/relay';

let api: Awaited<ReturnType<typeof startTestApi>>;
let relayOnly: Spawned | undefined;
let relayOnlyUrl: string;

beforeAll(async () => {
  const port = await freePort();
  [api, relayOnly] = await Promise.all([startTestApi(), spawnApi(port, { SERVICES: 'relay' })]);
  relayOnlyUrl = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(async () => {
  await relayOnly?.stop();
  await api?.close();
});

describe('server roles', () => {
  it('answers an upgrade on a path nobody serves with an HTTP 404, and Socket.IO still upgrades', async () => {
    expect(await askUpgrade(`${api.baseUrl}/relay/CA123`)).toBe(404);
    expect(await askUpgrade(`${api.baseUrl}/somewhere-else`)).toBe(404);
    expect(await askUpgrade(`${api.baseUrl}/socket.io/?EIO=4&transport=websocket`)).toBe(101);

    const { client } = await registeredClient(api.baseUrl);
    const socket = await openSocket(api.baseUrl, client.cookieHeader);
    expect(socket.connected).toBe(true);
    socket.close();
  });

  it('runs neither the HTTP api nor Socket.IO when SERVICES names only the relay', async () => {
    expect((await fetch(`${relayOnlyUrl}/api/health`)).status).toBe(404);
    expect(await askUpgrade(`${relayOnlyUrl}/socket.io/?EIO=4&transport=websocket`)).toBe(404);
    expect(await askUpgrade(`${relayOnlyUrl}/relay/CA123`)).toBe(404);
  });
});
