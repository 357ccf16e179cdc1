import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { publish } from '../src/events/publish';
import { JOB_TABLE, getQueue } from '../src/queues';
import { attachRealtime } from '../src/realtime/socketServer';
import { sessionStore } from '../src/session';
import { adminClient } from './helpers/admin';
import { registeredClient, TestClient, uniqueEmail } from './helpers/client';
import { spawnWorker, type Spawned } from './helpers/processes';
import { sentinelReached } from './helpers/sentinel';
import { useSpawnedApi, useTestApi } from './helpers/server';
import { collect, openSocket as openTestSocket, waitFor, type TestSocket } from './helpers/sockets';

/**
 * A socket follows its session (probes 57, 61 and 62 of 2026-11-23). The sockets connect to a
 * second api process (B) while sign-outs and admin changes go through this one (A), so the
 * changes must reach them across processes.
 */
const api = useTestApi({ admin: true });
const apiB = useSpawnedApi();
const sockets: TestSocket[] = [];

afterAll(() => {
  sockets.forEach((socket) => socket.close());
});

/** A socket of the client's session, closed after the file's tests. */
async function openSocket(baseUrl: string, client: TestClient, headers: Record<string, string> = {}) {
  const socket = await openTestSocket(baseUrl, client.cookieHeader, headers);
  sockets.push(socket);
  return socket;
}

const disconnected = (socket: TestSocket) =>
  new Promise<string>((resolve) => {
    if (socket.disconnected) resolve('already');
    socket.once('disconnect', (reason) => resolve(reason));
  });

const putUser = (id: number, body: object) => api.admin.request('PUT', `/api/admin/users/${id}`, body);

/** An event only admins hear, with a marker to find it by. */
const adminEvent = (marker: string) =>
  publish('contactMessage:received', {
    id: Date.now(),
    name: marker,
    email: 'someone@example.com',
    company: null,
    message: 'hello',
    createdAt: new Date().toISOString(),
    deliveredAt: null,
  });

describe('a socket follows its session', () => {
  it('is closed when its session signs out, and other sessions of the user stay', async () => {
    const { client, credentials } = await registeredClient(api.baseUrl);
    const otherTab = new TestClient(api.baseUrl);
    expect((await otherTab.post('/api/login', credentials)).status).toBe(200);
    const [signedOut, stays] = await Promise.all([
      openSocket(apiB.baseUrl, client),
      openSocket(apiB.baseUrl, otherTab),
    ]);
    const closed = disconnected(signedOut);

    expect((await client.post('/api/logout')).status).toBe(204);
    expect(await closed).toBe('io server disconnect');
    expect(stays.connected).toBe(true);
    await sentinelReached([stays]);
  });

  it('leaves the admins room the moment its user stops being an admin, and joins it when promoted', async () => {
    const demoted = await adminClient(api.baseUrl);
    const [ownSocket, demotedSocket] = await Promise.all([
      openSocket(apiB.baseUrl, api.admin),
      openSocket(apiB.baseUrl, demoted.client),
    ]);
    const heardByOwn = collect(ownSocket, 'contactMessage:received');
    const heardByDemoted = collect(demotedSocket, 'contactMessage:received');

    expect((await putUser(demoted.user.id, { isAdmin: false })).status).toBe(200);
    adminEvent('after-demotion');
    await waitFor(() => heardByOwn.some((m) => m.name === 'after-demotion'), 5000, 'the admin event');
    await sentinelReached([demotedSocket]);
    expect(heardByDemoted.map((m) => m.name)).not.toContain('after-demotion');
    // Still signed in, still hearing its own events.
    expect(demotedSocket.connected).toBe(true);

    const staffEmail = uniqueEmail('staff').replace('@example.com', `@${config.adminEmailDomain}`);
    const staff = await registeredClient(api.baseUrl, { email: staffEmail });
    const staffSocket = await openSocket(apiB.baseUrl, staff.client);
    const heardByStaff = collect(staffSocket, 'contactMessage:received');
    expect((await putUser(staff.user.id, { isAdmin: true })).status).toBe(200);
    adminEvent('after-promotion');
    await waitFor(
      () => heardByStaff.some((m) => m.name === 'after-promotion'),
      5000,
      'the promoted admin’s event',
    );
  });

  it('refuses a handshake from a foreign Origin, even with a valid session cookie', async () => {
    const { client } = await registeredClient(api.baseUrl);
    await expect(openSocket(api.baseUrl, client, { Origin: 'https://evil.example' })).rejects.toThrow();
    await expect(openSocket(api.baseUrl, client, { Origin: 'null' })).rejects.toThrow();
    // The app's own origins, and clients that send none (not a browser's cross-site request), are fine.
    expect((await openSocket(api.baseUrl, client, { Origin: config.publicUrl })).connected).toBe(true);
    expect((await openSocket(api.baseUrl, client, { Origin: api.baseUrl })).connected).toBe(true);
    expect((await openSocket(api.baseUrl, client)).connected).toBe(true);
  });
});

describe('every socket re-checks its session', () => {
  it('is closed once its session is gone, without any sign-out, by the scheduled re-check', async () => {
    const server = http.createServer();
    const realtime = attachRealtime(server);
    await new Promise<void>((resolve) => server.listen(0, resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    let worker: Spawned | undefined;
    try {
      const { client } = await registeredClient(api.baseUrl);
      const { client: keeps } = await registeredClient(api.baseUrl);
      const [expiring, staying] = await Promise.all([
        openSocket(baseUrl, client),
        openSocket(baseUrl, keeps),
      ]);
      const closed = disconnected(expiring);
      // The session ends by itself (its time ran out in Redis), as no request ever tells a socket.
      const sessionId = /ringcast\.sid=([^;]+)/.exec(client.cookieHeader)![1]!;
      await sessionStore.destroy(sessionId);
      // As on a fresh deployment: the worker registers the scheduler and its first run goes at once.
      await getQueue('recheckSocketSessions').removeJobScheduler('recheckSocketSessions');
      worker = await spawnWorker();
      expect(await closed).toBe('io server disconnect');
      expect(staying.connected).toBe(true);
    } finally {
      await worker?.stop();
      await realtime.close();
      server.close();
    }
  });

  it('is re-checked at least every five minutes, by a job scheduler', () => {
    expect(JOB_TABLE.recheckSocketSessions.schedule?.everyMs).toBeLessThanOrEqual(5 * 60_000);
  });
});
