import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ServerToClientEvents } from '@ringcast/shared-types';
import { registeredClient, TestClient } from './helpers/client';
import { useSpawnedApi, useTestApi } from './helpers/server';
import { adminClient } from './helpers/admin';
import { sentinelReached } from './helpers/sentinel';
import { publish } from '../src/events/publish';
import { ContactMessage } from '../src/db/models';

/**
 * Live push across processes: instance A runs in this test process, instance B and the worker
 * are separate processes. Sockets connect to B; events come from A and from the worker.
 */
const apiA = useTestApi({ worker: true });
const apiB = useSpawnedApi();
const sockets: Socket[] = [];

afterAll(() => {
  sockets.forEach((s) => s.close());
});

function openSocket(baseUrl: string, cookie?: string): Socket<ServerToClientEvents> {
  const socket: Socket<ServerToClientEvents> = connect(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: cookie ? { Cookie: cookie } : {},
  });
  sockets.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

function nextEvent<E extends keyof ServerToClientEvents>(
  socket: Socket<ServerToClientEvents>,
  event: E,
  timeoutMs = 5000,
) {
  return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    (socket as unknown as Socket).once(event as string, (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe('live push', () => {
  it('refuses a signed-out socket and a forged cookie', async () => {
    const anonymous = openSocket(apiB.baseUrl);
    await expect(connected(anonymous)).rejects.toThrow('unauthenticated');

    const { client } = await registeredClient(apiB.baseUrl);
    const forged = openSocket(apiB.baseUrl, client.cookieHeader.replace(/sig=[^;]+/, 'sig=AAAA'));
    await expect(connected(forged)).rejects.toThrow('unauthenticated');
  });

  it('a socket on instance B receives an event published on instance A, only in its own room', async () => {
    const alice = await registeredClient(apiA.baseUrl);
    const bob = await registeredClient(apiA.baseUrl);
    const aliceSocket = openSocket(apiB.baseUrl, alice.client.cookieHeader);
    const bobSocket = openSocket(apiB.baseUrl, bob.client.cookieHeader);
    await Promise.all([connected(aliceSocket), connected(bobSocket)]);

    let bobGotIt = false;
    bobSocket.on('campaign:deleted', () => (bobGotIt = true));
    const received = nextEvent(aliceSocket, 'campaign:deleted');
    publish('campaign:deleted', { id: 4242 }, { userId: alice.user.id });
    expect(await received).toEqual({ id: 4242 });
    await sentinelReached([bobSocket]);
    expect(bobGotIt).toBe(false);
  });

  it('the worker delivers a contact message and the admins on instance B hear of it', async () => {
    const { client: admin } = await adminClient(apiB.baseUrl);
    const adminSocket = openSocket(apiB.baseUrl, admin.cookieHeader);
    const user = await registeredClient(apiB.baseUrl);
    const userSocket = openSocket(apiB.baseUrl, user.client.cookieHeader);
    await Promise.all([connected(adminSocket), connected(userSocket)]);
    let userGotIt = false;
    userSocket.on('contactMessage:received', () => (userGotIt = true));

    const received = nextEvent(adminSocket, 'contactMessage:received', 10_000);
    const res = await new TestClient(apiA.baseUrl).post('/api/contact', {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      company: 'Navy',
      message: 'Please call me about a campaign.',
    });
    expect(res.status).toBe(201);
    const payload = await received;
    expect(payload).toMatchObject({ id: res.json.id, name: 'Grace Hopper', company: 'Navy' });
    expect(payload.deliveredAt).not.toBeNull();
    const stored = await ContactMessage.findByPk(res.json.id as number);
    expect(stored?.deliveredAt).toBeInstanceOf(Date);
    await sentinelReached([userSocket]);
    expect(userGotIt).toBe(false);
  });
});
