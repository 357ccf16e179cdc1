import { describe, expect, it } from 'vitest';
import type { CallEventPayload } from '@ringcast/shared-types';
import { CALL_EVENTS_STREAM, startCallEventConsumer } from '../src/services/calls/events';
import { eventsOf, useCallEventStream } from './helpers/callEventStream';
import { waitUntil } from './helpers/dialer';

/** A running consumer of the call events' stream gathers a busy stream into large batches. */
const stream = useCallEventStream();
const { dialingCalls, expectCountedOnce } = stream;

describe('a running consumer', () => {
  /** When the event left the stream: applied and acknowledged (acknowledged entries are deleted). */
  async function acknowledgedAt(id: string): Promise<number> {
    await waitUntil(
      async () => (await stream.redis.xrange(CALL_EVENTS_STREAM(), id, id)).length === 0,
      `event ${id} acknowledged`,
    );
    return Date.now();
  }
  const append = async (event: CallEventPayload) =>
    (await stream.redis.xadd(CALL_EVENTS_STREAM(), '*', 'event', JSON.stringify(event))) as string;

  it('lingers after a delivery smaller than a batch, so a busy stream gathers into large batches, and reads again at once after a full one', async () => {
    const { campaign, calls } = await dialingCalls(2);
    const events = calls.flatMap(eventsOf);
    expect(await stream.redis.xlen(CALL_EVENTS_STREAM())).toBe(0);
    const lingerMs = 1_000;
    const consumer = startCallEventConsumer({ batchSize: 5, blockMs: 100, lingerMs });
    try {
      const lone = await acknowledgedAt(await append(events[0]!));
      // Read 1 of 5: the next read waits out the linger, however soon an event arrives.
      const afterSmall = await acknowledgedAt(await append(events[1]!));
      expect(afterSmall - lone).toBeGreaterThanOrEqual(lingerMs - 200);

      // Six arrive while it lingers: five fill a batch, and the sixth is read without lingering.
      const ids: string[] = [];
      for (const event of events.slice(2, 8)) ids.push(await append(event));
      const full = await acknowledgedAt(ids[4]!);
      expect(full - afterSmall).toBeGreaterThanOrEqual(lingerMs - 200);
      const afterFull = await acknowledgedAt(ids[5]!);
      expect(afterFull - full).toBeLessThan(lingerMs / 2);

      for (const event of events.slice(8)) await acknowledgedAt(await append(event));
    } finally {
      await consumer.stop();
    }
    await expectCountedOnce(campaign.id, calls);
  });
});
