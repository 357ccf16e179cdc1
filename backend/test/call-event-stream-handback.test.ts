import { once } from 'node:events';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { sequelize } from '../src/db/sequelize';
import { STREAM_TABLE } from '../src/queues';
import { CALL_EVENTS_GROUP, CALL_EVENTS_STREAM, startCallEventConsumer } from '../src/services/calls/events';
import { callbacksOf, useCallEventStream } from './helpers/callEventStream';
import { waitUntil } from './helpers/dialer';

/** A worker that stops hands the call events it holds unapplied back to the other consumers. */
const stream = useCallEventStream();
const { dialingCalls, post, expectCountedOnce } = stream;

type Pending = [id: string, consumer: string, idleMs: number, deliveries: number][];
const pendingEntries = async () =>
  (await stream.redis.xpending(CALL_EVENTS_STREAM(), CALL_EVENTS_GROUP, '-', '+', 1000)) as Pending;
const consumerNames = async () =>
  ((await stream.redis.xinfo('CONSUMERS', CALL_EVENTS_STREAM(), CALL_EVENTS_GROUP)) as unknown[][]).map(
    (fields) => String(fields[fields.indexOf('name') + 1]),
  );

describe('a stopping worker', () => {
  it('hands back the call events it holds unapplied: another consumer applies them at once, each once', async () => {
    const { campaign, calls } = await dialingCalls(3);
    const worker = await stream.spawnWorker();
    const consumerPrefix = `${os.hostname()}-${worker.child.pid}-`;

    // The calls are held, as by another consumer's transaction: the worker reads their events and
    // passes them by, unacknowledged, turn after turn.
    const held = await sequelize.transaction();
    let stoppedAt: number;
    try {
      await sequelize.query('SELECT id FROM call_records WHERE id IN (:ids) FOR UPDATE', {
        replacements: { ids: calls.map((call) => call.id) },
        transaction: held,
      });
      for (const call of calls)
        for (const { kind, params } of callbacksOf(call))
          expect((await post(call.id, kind, params)).status).toBe(204);
      const events = calls.length * 5;
      await waitUntil(async () => {
        const pending = await pendingEntries();
        return pending.length === events && pending.every(([, name]) => name.startsWith(consumerPrefix));
      }, 'the worker to hold every event');

      const signalledAt = performance.now();
      worker.child.kill('SIGTERM');
      const [code] = (await once(worker.child, 'exit')) as [number | null];
      stoppedAt = performance.now();
      expect(code).toBe(0);
      expect(stoppedAt - signalledAt).toBeLessThan(10_000);
      expect(worker.output()).toMatch(/"events":15,.*"msg":"handed back unapplied call events"/);

      // Still its, unapplied, but idle past the take-over time: the next consumer that looks takes them.
      const handedBack = await pendingEntries();
      expect(handedBack).toHaveLength(events);
      for (const [, name, idleMs, deliveries] of handedBack) {
        expect(name.startsWith(consumerPrefix)).toBe(true);
        expect(idleMs).toBeGreaterThanOrEqual(STREAM_TABLE.callEvents.claimIdleMs);
        // Handing back is not a delivery: an event that keeps failing is still named after as many.
        expect(deliveries).toBe(1);
      }
    } finally {
      await held.commit();
    }

    // A consumer starting now looks at once; without the hand-back the events would wait out
    // claimIdleMs from their delivery.
    const other = startCallEventConsumer();
    const startedAt = performance.now();
    try {
      await waitUntil(async () => (await pendingEntries()).length === 0, 'the events applied', 10_000);
      expect(performance.now() - startedAt).toBeLessThan(3_000);
    } finally {
      await other.stop();
    }
    await expectCountedOnce(campaign.id, calls);
    // A consumer that stops holding nothing leaves the group; one that handed entries back stays
    // listed until they are taken over.
    expect(await consumerNames()).not.toContain(other.name);
  }, 90_000);
});
