import { afterAll, describe, expect, it } from 'vitest';
import { registeredClient } from './helpers/client';
import { freePort, spawnApi, type Spawned } from './helpers/processes';

let running: Spawned | undefined;
afterAll(async () => {
  await running?.stop();
});

describe('sessions live in Redis', () => {
  it('a signed-in session survives an api restart', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    running = await spawnApi(port);
    const { client, credentials } = await registeredClient(baseUrl);
    expect((await client.get('/api/auth/user')).status).toBe(200);

    expect(await running.stop()).toBe(0);
    running = await spawnApi(port);

    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(credentials.email);
  }, 60_000);
});
