import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRecord, Campaign } from '@ringcast/shared-types';
import { registeredClient } from './helpers/client';
import { startTestApi } from './helpers/server';
import { freePort, spawnApi, type Spawned } from './helpers/processes';
import { collect, openSocket, waitFor, type TestSocket } from './helpers/sockets';
import { publish, rereadPublisher, useBroadcaster } from '../src/events/publish';

/**
 * Publishes come from this process (its Socket.IO server first, then the Redis emitter a worker
 * uses); the socket listens on a second api process, so delivery crosses processes.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
let other: Spawned;
let otherUrl: string;
let userId: number;
let socket: TestSocket;

beforeAll(async () => {
  const port = await freePort();
  [api, other] = await Promise.all([startTestApi(), spawnApi(port)]);
  otherUrl = `http://127.0.0.1:${port}`;
  const owner = await registeredClient(otherUrl);
  userId = owner.user.id;
  socket = await openSocket(otherUrl, owner.client.cookieHeader);
}, 60_000);

afterAll(async () => {
  socket?.close();
  await other?.stop();
  await api?.close();
});

const call = (id: number, durationSeconds: number): CallRecord => ({
  id,
  campaignId: 1,
  prospectId: null,
  prospectName: null,
  toNumber: '+15555550100',
  fromNumber: null,
  direction: 'outbound',
  attempt: 1,
  test: false,
  status: 'in_progress',
  answeredBy: 'human',
  durationSeconds,
  billable: false,
  successful: false,
  cost: '0.00',
  price: null,
  outcome: null,
  summary: null,
  endedBy: null,
  endedReason: null,
  timeZone: null,
  agentVersion: 1,
  appointmentId: null,
  transfer: null,
  recording: null,
  analysis: null,
  analysisStatus: null,
  quality: null,
  startedAt: null,
  endedAt: null,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

/** Waits until the payload `isLast` recognises has arrived (coalescing sends the latest last). */
async function arrivedUpTo<T>(received: T[], isLast: (payload: T) => boolean) {
  await waitFor(() => received.some(isLast), 5000, 'the latest payload');
  return received;
}

describe('coalescing high-rate events', () => {
  it('50 rapid updates of one call reach the owner as a few events, the last one the latest', async () => {
    const received = collect(socket, 'call:updated');
    for (let n = 1; n <= 50; n++) publish('call:updated', call(101, n), { userId });
    await arrivedUpTo(received, (c) => c.durationSeconds === 50);
    expect(received.length).toBeLessThanOrEqual(3);
    expect(received[0]!.durationSeconds).toBe(1);
    expect(received.at(-1)!.durationSeconds).toBe(50);
  });

  it('keeps calls apart: each call gets its own latest state', async () => {
    const received = collect(socket, 'call:updated');
    for (let n = 1; n <= 20; n++) {
      publish('call:updated', call(201, n), { userId });
      publish('call:updated', call(202, 100 + n), { userId });
    }
    await arrivedUpTo(received, (c) => c.id === 201 && c.durationSeconds === 20);
    await arrivedUpTo(received, (c) => c.id === 202 && c.durationSeconds === 120);
    expect(received.filter((c) => c.id === 201).length).toBeLessThanOrEqual(3);
    expect(received.filter((c) => c.id === 202).length).toBeLessThanOrEqual(3);
  });

  it("re-reads a campaign's statistics once per window, and pushes a person's change at once", async () => {
    let totalCalls = 0;
    let reads = 0;
    const campaigns = rereadPublisher('campaign:updated', async (ids) => {
      reads++;
      return ids.map((id) => ({ payload: { id, userId, name: 'Stats', totalCalls } as Campaign, userId }));
    });
    const received = collect(socket, 'campaign:updated');
    // Changes people make all go out, each as read then.
    for (let n = 1; n <= 5; n++) {
      totalCalls = n;
      campaigns.changed(301);
      await waitFor(() => received.length === n, 5000, `change ${n}`);
    }
    expect(received.map((c) => c.totalCalls)).toEqual([1, 2, 3, 4, 5]);

    received.length = 0;
    reads = 0;
    for (let n = 6; n <= 40; n++) {
      totalCalls = n;
      campaigns.moved(301);
    }
    await arrivedUpTo(received, (c) => c.totalCalls === 40);
    expect(reads).toBe(1);
    expect(received).toHaveLength(1);
  });

  it('works the same through the Redis emitter a worker publishes with', async () => {
    useBroadcaster(undefined);
    const received = collect(socket, 'call:updated');
    for (let n = 1; n <= 50; n++) publish('call:updated', call(401, n), { userId });
    await arrivedUpTo(received, (c) => c.durationSeconds === 50);
    expect(received.length).toBeLessThanOrEqual(3);
  });
});
