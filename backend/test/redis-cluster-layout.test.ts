import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Cluster } from 'ioredis';
import { Queue } from 'bullmq';
import { JOB_NAMES } from '@ringcast/shared-types';
import { config } from '../src/config';
import { createRedis, queuePrefix, sharedRedis, slotKey, type RedisClient } from '../src/redis';
import { getQueue } from '../src/queues';
import {
  accountsWithSlots,
  acquireCallSlot,
  heldSlots,
  readDialedCalls,
  releaseStaleSlots,
  rememberDialedCall,
} from '../src/services/calls/place';
import {
  acknowledgeEvents,
  CALL_EVENTS_STREAM,
  ensureCallEventsGroup,
  FAILED_CALL_EVENTS_STREAM,
  readNewEvents,
  setAsideEvents,
} from '../src/services/calls/events';
import { sendMail } from '../src/services/mail/send';
import { uniqueEmail } from './helpers/client';
import { mailTo } from './helpers/mail';
import { deleteKeys, scanKeys } from './helpers/redisKeys';
import { useTestApi } from './helpers/server';

/**
 * Run by the `cluster` project only (vitest.config.ts), on the local three-master Redis Cluster:
 * queues spread over the cluster's slots and nodes, and the multi-key operations that must stay
 * in one slot run there (a cluster refuses one that crosses slots with CROSSSLOT).
 */
const cluster = () => {
  const redis = sharedRedis();
  if (!(redis instanceof Cluster)) throw new Error('this file runs on a Redis Cluster (the cluster project)');
  return redis;
};
const slotOf = async (key: string) => Number(await cluster().cluster('KEYSLOT', key));
/** The master serving a slot, as the cluster says (CLUSTER SLOTS: [from, to, [host, port, id], ...]). */
async function masterOf(slot: number): Promise<string> {
  const ranges = await cluster().cluster('SLOTS');
  const range = ranges.find(([from, to]) => slot >= from && slot <= to)!;
  return `${range[2]![0]}:${range[2]![1]}`;
}

// The api runs the mail sandbox, whose store is one of the multi-key steps below.
useTestApi();
const opened: RedisClient[] = [];
afterAll(async () => {
  await Promise.all(opened.map((redis) => redis.quit()));
});

describe('the key layout on a Redis Cluster', () => {
  it('runs on the cluster', async () => {
    expect(config.redisCluster).toBe(true);
    await cluster().ping();
    expect(cluster().nodes('master')).toHaveLength(3);
  });

  it('gives each queue a slot of its own, spread over the masters', async () => {
    const slots = await Promise.all(JOB_NAMES.map((name) => slotOf(getQueue(name).keys.wait!)));
    expect(new Set(slots).size).toBe(JOB_NAMES.length);
    const masters = new Set(await Promise.all(slots.map(masterOf)));
    expect(masters.size).toBeGreaterThan(1);
    // Every key of one queue is in its slot: BullMQ's scripts touch several at once.
    const queue = getQueue(JOB_NAMES[0]!);
    const keys = Object.values(queue.keys).filter(Boolean);
    expect(new Set(await Promise.all(keys.map(slotOf)))).toEqual(new Set([slots[0]]));
  });

  it("stores, counts and removes a queue's jobs (BullMQ's scripts over the queue's keys)", async () => {
    const name = `layoutProbe${randomBytes(4).toString('hex')}`;
    const connection = createRedis();
    opened.push(connection);
    const queue = new Queue(name, { connection, prefix: queuePrefix(name) });
    try {
      await queue.add('probe', { n: 1 }, { delay: 60_000 });
      await queue.add('probe', { n: 2 });
      expect(await queue.getJobCounts('waiting', 'delayed')).toMatchObject({ waiting: 1, delayed: 1 });
      const stored = await scanKeys(cluster(), `${queuePrefix(name)}:*`);
      expect(stored.length).toBeGreaterThan(2);
      expect(new Set(await Promise.all(stored.map(slotOf))).size).toBe(1);
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });

  it('paces an account in one script over its keys and the set of accounts, all in one slot', async () => {
    const account = `AC${randomBytes(16).toString('hex')}`;
    const keys = [
      slotKey('pacing', account, 'inflight'),
      slotKey('pacing', account, 'next'),
      slotKey('pacing', 'accounts'),
    ];
    expect(new Set(await Promise.all(keys.map(slotOf))).size).toBe(1);
    expect(await acquireCallSlot(account, 1, { cps: 100, maxConcurrent: 2 })).toBe(0);
    expect(await accountsWithSlots()).toContain(account);
    const held = await heldSlots(account);
    expect(held.map((slot) => slot.member)).toEqual(['1']);
    expect(await releaseStaleSlots(account, held)).toBe(1);
    expect(await accountsWithSlots()).not.toContain(account);
  });

  it('reads dialed calls whose keys lie in different slots together', async () => {
    const ids = Array.from({ length: 6 }, (_, i) => 1_000_000 + i + Math.floor(Math.random() * 1_000_000));
    const accountSid = `AC${randomBytes(16).toString('hex')}`;
    for (const id of ids)
      await rememberDialedCall({ id, userId: 1, campaignId: 2, accountSid, toNumber: '+15550100' });
    const slots = await Promise.all(ids.map((id) => slotOf(`${config.redisPrefix}:dialed-call:${id}`)));
    expect(new Set(slots).size).toBeGreaterThan(1);
    // And one never dialed, which Redis does not hold.
    const found = await readDialedCalls([...ids, Number.MAX_SAFE_INTEGER]);
    expect([...found.keys()].sort()).toEqual([...ids].sort());
  });

  it("sets aside and acknowledges the call events' entries in the MULTIs over both streams", async () => {
    const redis = createRedis();
    opened.push(redis);
    const keys = [CALL_EVENTS_STREAM(), FAILED_CALL_EVENTS_STREAM()];
    expect(new Set(await Promise.all(keys.map(slotOf))).size).toBe(1);
    try {
      // From empty streams: an earlier file of this worker may have left entries in either.
      await deleteKeys(redis, keys);
      await ensureCallEventsGroup(redis);
      await redis.xadd(CALL_EVENTS_STREAM(), '*', 'event', 'not an event');
      await redis.xadd(CALL_EVENTS_STREAM(), '*', 'event', JSON.stringify({ callId: 1 }));
      const [unreadable, readable] = await readNewEvents(redis, 'layout-test', 10, 100);
      await setAsideEvents(redis, [unreadable!], 'unreadable');
      await acknowledgeEvents(redis, [readable!.id]);
      expect(await redis.xlen(CALL_EVENTS_STREAM())).toBe(0);
      expect(await redis.xlen(FAILED_CALL_EVENTS_STREAM())).toBe(1);
    } finally {
      // The next file of this worker starts from no stream, as it would on its own.
      await deleteKeys(redis, keys);
    }
  });

  it("keeps a sent message in the mail sandbox's list of all and in each recipient's, in one MULTI", async () => {
    const to = [uniqueEmail(), uniqueEmail()];
    await sendMail({
      id: `layout-${Date.now()}`,
      to,
      subject: 'Layout',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    for (const address of to) expect((await mailTo(address)).map((mail) => mail.subject)).toEqual(['Layout']);
  });
});
