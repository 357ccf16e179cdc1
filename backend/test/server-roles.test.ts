import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredClient } from './helpers/client';
import { startTestApi } from './helpers/server';
import { freePort, spawnApi, type Spawned } from './helpers/processes';
import { openSocket } from './helpers/sockets';

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

/** Asks for a WebSocket upgrade and reports how the server answered: 101, or an HTTP status. */
function askUpgrade(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      },
    });
    req.setTimeout(5000, () => req.destroy(new Error(`no answer to the upgrade of ${url}`)));
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

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
