import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminQueueOverview, AdminStream } from '@ringcast/shared-types';
import { createRedis, type RedisClient } from '../src/redis';
import { enqueue, STREAM_TABLE } from '../src/queues';
import {
  CALL_EVENTS_GROUP,
  CALL_EVENTS_STREAM,
  ensureCallEventsGroup,
  FAILED_CALL_EVENTS_STREAM,
  readNewEvents,
} from '../src/services/calls/events';
import { registeredClient, TestClient } from './helpers/client';
import { useTestApi } from './helpers/server';

/**
 * GET /api/admin/queues against the real Redis: the call events' stream as its group sees it, and
 * BullMQ's counts. No worker runs here, so nothing reads the stream or takes a job but the test.
 */
const api = useTestApi({ admin: true });
let redis: RedisClient;
const reader = `overview-test-${process.pid}`;

beforeAll(() => {
  redis = createRedis();
});
afterAll(async () => {
  await redis?.quit();
});

async function overview(): Promise<AdminQueueOverview> {
  const res = await api.admin.get('/api/admin/queues');
  expect(res.status).toBe(200);
  return res.json as unknown as AdminQueueOverview;
}

const callEvents = async (): Promise<AdminStream> =>
  (await overview()).streams.find((s) => s.name === 'callEvents')!;

describe('GET /api/admin/queues', () => {
  it('is for admins only', async () => {
    expect((await new TestClient(api.baseUrl).get('/api/admin/queues')).status).toBe(401);
    const { client } = await registeredClient(api.baseUrl);
    expect((await client.get('/api/admin/queues')).status).toBe(403);
  });

  it('answers an empty stream while none has been made', async () => {
    await redis.del(CALL_EVENTS_STREAM());
    const stream = await callEvents();
    expect(stream).toMatchObject({
      key: CALL_EVENTS_STREAM(),
      group: CALL_EVENTS_GROUP,
      batchSize: STREAM_TABLE.callEvents.batchSize,
      lingerMs: STREAM_TABLE.callEvents.lingerMs,
      claimIdleMs: STREAM_TABLE.callEvents.claimIdleMs,
      repeatedAfter: STREAM_TABLE.callEvents.repeatedAfter,
      length: 0,
      pending: 0,
      consumers: [],
      oldestEntryAgeMs: null,
    });
    expect(await redis.exists(CALL_EVENTS_STREAM())).toBe(0);
  });

  it("shows the stream's entries, those a consumer holds unacknowledged, and the oldest one's age", async () => {
    await ensureCallEventsGroup(redis);
    const added: string[] = [];
    for (const callId of [1, 2, 3])
      added.push((await redis.xadd(CALL_EVENTS_STREAM(), '*', 'event', JSON.stringify({ callId })))!);
    await redis.xadd(FAILED_CALL_EVENTS_STREAM(), '*', 'event', '{}', 'streamId', '0-1', 'reason', 'test');
    await new Promise((resolve) => setTimeout(resolve, 30));
    const read = await readNewEvents(redis, reader, 2, 100);
    expect(read.map((e) => e.id)).toEqual(added.slice(0, 2));
    try {
      const stream = await callEvents();
      expect(stream.length).toBe(3);
      expect(stream.pending).toBe(2);
      expect(stream.consumers).toEqual([{ name: reader, pending: 2, idleMs: expect.any(Number) }]);
      expect(stream.consumers[0]!.idleMs).toBeGreaterThanOrEqual(0);
      expect(stream.oldestEntryAgeMs).toBeGreaterThanOrEqual(30);
      expect(stream.oldestEntryAgeMs).toBeLessThan(10_000);
      expect(stream.failedLength).toBe(await redis.xlen(FAILED_CALL_EVENTS_STREAM()));
      expect(stream.failedLength).toBeGreaterThan(0);
    } finally {
      // Leaves the stream as the next file expects it: empty, and no consumer of ours in the group.
      await redis.xack(CALL_EVENTS_STREAM(), CALL_EVENTS_GROUP, ...added);
      await redis.xdel(CALL_EVENTS_STREAM(), ...added);
      await redis.xgroup('DELCONSUMER', CALL_EVENTS_STREAM(), CALL_EVENTS_GROUP, reader);
    }
    expect(await callEvents()).toMatchObject({
      length: 0,
      pending: 0,
      consumers: [],
      oldestEntryAgeMs: null,
    });
  });

  it("counts a queue's jobs, and names each schedule", async () => {
    const queueOf = async (name: string) => (await overview()).jobs.find((job) => job.name === name)!;
    const before = await queueOf('sweepAbandonedProspectLists');
    const job = await enqueue('sweepAbandonedProspectLists', {});
    try {
      const after = await queueOf('sweepAbandonedProspectLists');
      expect(after.waiting).toBe(before.waiting + 1);
      expect(after.scheduledEveryMs).toBe(5 * 60_000);
    } finally {
      await job.remove();
    }
    expect((await queueOf('sweepAbandonedProspectLists')).waiting).toBe(before.waiting);
    const jobs = (await overview()).jobs;
    expect(jobs.find((j) => j.name === 'dispatchCalls')?.scheduledEveryMs).toBe(1_000);
    expect(jobs.find((j) => j.name === 'placeCall')?.scheduledEveryMs).toBeNull();
    expect(Object.keys(jobs[0]!).sort()).toEqual(
      ['active', 'completed', 'delayed', 'failed', 'name', 'scheduledEveryMs', 'waiting'].sort(),
    );
  });
});
