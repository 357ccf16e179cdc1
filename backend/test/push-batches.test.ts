import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredClient } from './helpers/client';
import { startTestApi } from './helpers/server';
import { freePort, spawnApi, type Spawned } from './helpers/processes';
import { collect, openSocket, waitFor, type TestSocket } from './helpers/sockets';
import { publish, useBroadcaster } from '../src/events/publish';
import { disconnectUserSockets } from '../src/events/socketMembership';

/**
 * Pushes published together travel in a few messages (events/pushBatch.ts) that each api process
 * delivers to its own sockets. Publishes come from this process: its Socket.IO server first, then
 * the Redis emitter a worker uses. One user's socket is on this process's api, another's on a
 * second api process, so delivery both stays in the process and crosses processes.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
let other: Spawned;
let here: { userId: number; socket: TestSocket };
let there: { userId: number; socket: TestSocket; cookie: string; url: string };

/** More than one message holds (pushBatch.ts), so a burst is several messages in a row. */
const BURST = 600;

beforeAll(async () => {
  const port = await freePort();
  [api, other] = await Promise.all([startTestApi(), spawnApi(port)]);
  const url = `http://127.0.0.1:${port}`;
  const [ownerHere, ownerThere] = await Promise.all([registeredClient(api.baseUrl), registeredClient(url)]);
  here = {
    userId: ownerHere.user.id,
    socket: await openSocket(api.baseUrl, ownerHere.client.cookieHeader),
  };
  const cookie = ownerThere.client.cookieHeader;
  there = { userId: ownerThere.user.id, socket: await openSocket(url, cookie), cookie, url };
}, 60_000);

afterAll(async () => {
  here?.socket.close();
  there?.socket.close();
  await other?.stop();
  await api?.close();
});

/** Publishes BURST pushes to each user in one go, interleaved, and waits for every one to arrive. */
async function burstReachesBoth() {
  const toHere = collect(here.socket, 'campaign:deleted');
  const toThere = collect(there.socket, 'campaign:deleted');
  for (let id = 1; id <= BURST; id++) {
    publish('campaign:deleted', { id }, { userId: here.userId });
    publish('campaign:deleted', { id }, { userId: there.userId });
  }
  await waitFor(() => toHere.length >= BURST && toThere.length >= BURST, 10_000, 'every push of the burst');
  const inOrder = Array.from({ length: BURST }, (_, i) => i + 1);
  // Each user hears their own pushes, every one once, in the order they were published.
  expect(toHere.map((payload) => payload.id)).toEqual(inOrder);
  expect(toThere.map((payload) => payload.id)).toEqual(inOrder);
}

describe('a burst of pushes', () => {
  it("from an api process reaches its own sockets and another process's, each user's in order", async () => {
    await burstReachesBoth();
  });

  it("from a worker's emitter reaches every api process's sockets, each user's in order", async () => {
    useBroadcaster(undefined);
    await burstReachesBoth();
  });

  it('reaches a socket before the sockets are closed right after it', async () => {
    useBroadcaster(undefined);
    const received = collect(there.socket, 'campaign:deleted');
    const closed = new Promise<void>((resolve) => there.socket.once('disconnect', () => resolve()));
    for (let id = 1; id <= 3; id++) publish('campaign:deleted', { id }, { userId: there.userId });
    disconnectUserSockets(there.userId);
    await closed;
    expect(received.map((payload) => payload.id)).toEqual([1, 2, 3]);
    there.socket = await openSocket(there.url, there.cookie);
  });
});
