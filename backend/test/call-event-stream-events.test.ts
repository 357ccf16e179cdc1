import { describe, expect, it } from 'vitest';
import { sequelize } from '../src/db/sequelize';
import { CallRecord } from '../src/db/models';
import {
  applyCallEvents,
  CALL_EVENTS_GROUP,
  CALL_EVENTS_STREAM,
  FAILED_CALL_EVENTS_STREAM,
  claimStaleEvents,
  readNewEvents,
  processDelivery,
  startCallEventConsumer,
} from '../src/services/calls/events';
import { callbacksOf, eventRowsOf, eventsOf, useCallEventStream } from './helpers/callEventStream';
import { waitUntil } from './helpers/dialer';
import { shuffled } from './helpers/shuffled';

/**
 * Status and AMD callbacks from the webhook to the call records through the call events' stream:
 * appended on the request path, applied by consumers in batches, each event counted once however
 * often and in whatever order it is delivered, and a consumer's unacknowledged events taken over.
 * The api runs in this process and no worker does, so every delivery here is driven by the test.
 */
const stream = useCallEventStream();
const { dialingCalls, post, pendingCount, expectCountedOnce } = stream;

describe('call events', () => {
  it('are appended by the webhook without touching the call, and applied once though delivered again after a crash between commit and acknowledgement', async () => {
    const { campaign, calls } = await dialingCalls(12);
    const callbacks = shuffled(calls.flatMap((call) => callbacksOf(call).map((cb) => ({ call, ...cb }))));
    // Twilio may send any callback twice.
    const sent = [...callbacks, ...callbacks.slice(0, 20)];
    const answers = await Promise.all(sent.map(({ call, kind, params }) => post(call.id, kind, params)));
    expect(answers.map((res) => res.status)).toEqual(sent.map(() => 204));
    expect(await eventRowsOf(calls.map((c) => c.id))).toBe(0);
    expect(
      (await CallRecord.findAll({ where: { id: calls.map((c) => c.id) } })).map((c) => c.status),
    ).toEqual(calls.map(() => 'dialing'));

    // A consumer applies everything, then dies before acknowledging.
    const delivered = await readNewEvents(stream.redis, 'crashes-before-ack', 1000, 100);
    const ours = delivered.filter((entry) => calls.some((c) => c.id === entry.event?.callId));
    expect(ours).toHaveLength(sent.length);
    const first = await applyCallEvents(delivered.map((entry) => entry.event!));
    expect(first.outcomes.duplicate).toBeGreaterThanOrEqual(20);
    expect(first.endedAnswered).toEqual(expect.arrayContaining(calls.map((c) => c.id)));
    await expectCountedOnce(campaign.id, calls);

    // Another consumer takes its events over and applies them again: nothing changes.
    const { claimed } = await claimStaleEvents(stream.redis, 'takes-over', 0, 1000, 5);
    expect(claimed.map((e) => e.id).sort()).toEqual(delivered.map((e) => e.id).sort());
    const again = await processDelivery(stream.redis, claimed);
    expect(again.outcomes.applied + again.outcomes.unchanged).toBe(0);
    expect(again.endedAnswered).toEqual([]);
    await expectCountedOnce(campaign.id, calls);
    expect(await pendingCount()).toBe(0);
    expect(await stream.redis.xlen(CALL_EVENTS_STREAM())).toBe(0);
  });

  it('count each call once when two batches apply its events concurrently, in any order, twice', async () => {
    const { campaign, calls } = await dialingCalls(30);
    const events = shuffled(calls.flatMap(eventsOf));
    const halves = [events.filter((_, i) => i % 2 === 0), events.filter((_, i) => i % 2 === 1)];
    const results = await Promise.all([
      applyCallEvents(halves[0]!),
      applyCallEvents(halves[1]!),
      applyCallEvents(shuffled(halves[1]!)),
      applyCallEvents(shuffled(halves[0]!)),
    ]);
    const total = (key: 'applied' | 'unchanged' | 'duplicate') =>
      results.reduce((sum, r) => sum + r.outcomes[key], 0);
    expect(total('applied') + total('unchanged')).toBe(events.length);
    expect(total('duplicate')).toBe(events.length);
    expect(results.flatMap((r) => r.endedAnswered).sort()).toEqual(calls.map((c) => c.id).sort());
    await expectCountedOnce(campaign.id, calls);
  });

  it('are applied by a running consumer, which takes over what a dead consumer left unacknowledged and sets aside what cannot be read', async () => {
    const { campaign, calls } = await dialingCalls(6);
    const [abandoned, live] = [calls.slice(0, 3), calls.slice(3)];
    for (const call of abandoned)
      for (const { kind, params } of callbacksOf(call))
        expect((await post(call.id, kind, params)).status).toBe(204);
    // Read by a consumer that dies at once.
    expect((await readNewEvents(stream.redis, 'dies', 1000, 100)).length).toBeGreaterThanOrEqual(15);
    await stream.redis.xadd(CALL_EVENTS_STREAM(), '*', 'event', '{"callId":"not a call"}');
    const failedBefore = await stream.redis.xlen(FAILED_CALL_EVENTS_STREAM());

    // The dead consumer's events idle long enough to be taken over by the first claim.
    await expect
      .poll(
        async () => {
          const pending = (await stream.redis.xpending(
            CALL_EVENTS_STREAM(),
            CALL_EVENTS_GROUP,
            '-',
            '+',
            1000,
          )) as [string, string, number][];
          return Math.min(...pending.map(([, , idleMs]) => idleMs));
        },
        { timeout: 5_000 },
      )
      .toBeGreaterThan(200);
    const consumer = startCallEventConsumer({ claimIdleMs: 200, blockMs: 100 });
    try {
      for (const call of live)
        for (const { kind, params } of callbacksOf(call))
          expect((await post(call.id, kind, params)).status).toBe(204);
      await waitUntil(
        async () =>
          (await pendingCount()) === 0 &&
          (await CallRecord.findAll({ where: { id: calls.map((c) => c.id) } })).every((c) => c.settledAt),
        'every call settled and every event acknowledged',
      );
    } finally {
      await consumer.stop();
    }
    await expectCountedOnce(campaign.id, calls);
    expect(await stream.redis.xlen(FAILED_CALL_EVENTS_STREAM())).toBe(failedBefore + 1);
    expect(await stream.redis.xlen(CALL_EVENTS_STREAM())).toBe(0);
  });

  it('pass by a call another transaction holds, leaving its events unacknowledged for the next turn', async () => {
    const { campaign, calls } = await dialingCalls(2);
    const [held, free] = calls as [CallRecord, CallRecord];
    for (const call of calls)
      for (const { kind, params } of callbacksOf(call))
        expect((await post(call.id, kind, params)).status).toBe(204);
    const delivered = (await readNewEvents(stream.redis, 'passes-by', 1000, 100)).filter((entry) =>
      calls.some((c) => c.id === entry.event?.callId),
    );
    expect(delivered).toHaveLength(10);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const isHeld = new Promise<void>((resolve) => (holding = resolve));
    const holder = sequelize.transaction(async (transaction) => {
      await CallRecord.findByPk(held.id, { transaction, lock: true });
      holding();
      await released;
    });
    await isHeld;
    const first = await processDelivery(stream.redis, delivered);
    release();
    await holder;
    expect(first.carried.map((entry) => entry.event!.callId)).toEqual(Array(5).fill(held.id));
    expect(first.endedAnswered).toEqual([free.id]);
    expect((await CallRecord.findByPk(held.id))!.status).toBe('dialing');
    const stillPending = (await stream.redis.xpending(
      CALL_EVENTS_STREAM(),
      CALL_EVENTS_GROUP,
      '-',
      '+',
      100,
    )) as [string][];
    expect(first.carried.every((entry) => stillPending.some(([id]) => id === entry.id))).toBe(true);

    const second = await processDelivery(stream.redis, first.carried);
    expect(second.carried).toEqual([]);
    expect(second.endedAnswered).toEqual([held.id]);
    await expectCountedOnce(campaign.id, calls);
  });
});
