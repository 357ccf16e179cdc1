import os from 'node:os';
import type { CallEventPayload } from '@ringcast/shared-types';
import { logger } from '../../../logger';
import { enqueueMany } from '../../../queues';
import { createRedis, type RedisClient } from '../../../redis';
import { applyCallEvents, type BatchResult } from './applyCallEvents';
import {
  acknowledgeEvents,
  CALL_EVENTS,
  claimStaleEvents,
  ensureCallEventsGroup,
  handBackEvents,
  readNewEvents,
  setAsideEvents,
  type StreamedEvent,
} from './callEventStream';

/** What a test may change of the stream's row (queues/streamTable.ts, where each value is explained). */
export interface ConsumerOptions {
  /** Unique among live consumers; by default host, process and loop number. */
  name?: string;
  /** Events applied per transaction at most. */
  batchSize?: number;
  /** How long one read waits for the first event (also how soon a stop is noticed). */
  blockMs?: number;
  /** An event unacknowledged this long is taken over: longer than any batch takes to commit. */
  claimIdleMs?: number;
  /** Deliveries after which an event that keeps failing is logged as an error at each take-over. */
  repeatedAfter?: number;
  /**
   * After a delivery smaller than a batch, the next read waits until this long after it: events
   * arriving meanwhile are applied together.
   */
  lingerMs?: number;
}

/**
 * After the commit: a machine is answered. (Prices are found by a scheduled sweep of the calls
 * settled lately, callPrice.ts, so nothing here is lost if the process dies now.)
 */
export async function followUpAppliedEvents(result: BatchResult): Promise<void> {
  await enqueueMany(
    'answerMachine',
    result.machineAnswered.map((callId) => ({ callId })),
  );
}

/**
 * Applies one delivery of stream entries and acknowledges them once the work is committed and its
 * follow-up jobs are queued. A process killed before the acknowledgement leaves them pending: they
 * are delivered again, and the events' unique key makes the repeat change nothing. Events of calls
 * another consumer is applying are answered unacknowledged, for the next turn.
 */
export async function processDelivery(
  redis: RedisClient,
  delivered: StreamedEvent[],
): Promise<BatchResult & { carried: StreamedEvent[] }> {
  const unreadable = delivered.filter((entry) => !entry.event);
  if (unreadable.length) {
    logger.error({ entries: unreadable.map((e) => e.raw) }, 'unreadable call events set aside');
    await setAsideEvents(redis, unreadable, 'unreadable');
  }
  const readable = delivered.filter((entry) => entry.event);
  const result = await applyCallEvents(
    readable.map((entry) => entry.event as CallEventPayload),
    { passLockedCalls: true },
  );
  await followUpAppliedEvents(result);
  const deferred = new Set(result.deferred);
  await acknowledgeEvents(
    redis,
    readable.filter((_, position) => !deferred.has(position)).map((entry) => entry.id),
  );
  return { ...result, carried: readable.filter((_, position) => deferred.has(position)) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One consumer of the call events' group on a connection of its own (its reads block): reads up to
 * a batch of new events, or takes over a dead consumer's, applies them in one transaction and
 * acknowledges them. Several consumers, in one or many processes, share the stream.
 */
export function startCallEventConsumer(options: ConsumerOptions = {}) {
  const { batchSize, blockMs, claimIdleMs, repeatedAfter, lingerMs } = { ...CALL_EVENTS, ...options };
  const name = options.name ?? `${os.hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const redis = createRedis();
  let stopping = false;
  let lastClaimAt = 0;
  // Delivered to this consumer but passed by (another consumer held their calls): tried again first.
  let carried: StreamedEvent[] = [];

  const nextDelivery = async (): Promise<StreamedEvent[]> => {
    if (Date.now() - lastClaimAt >= CALL_EVENTS.claimEveryMs) {
      lastClaimAt = Date.now();
      const { claimed, repeated } = await claimStaleEvents(
        redis,
        name,
        claimIdleMs,
        batchSize,
        repeatedAfter,
      );
      if (repeated.length) logger.error({ ids: repeated }, 'call events not applied after many deliveries');
      if (claimed.length) {
        logger.info({ consumer: name, events: claimed.length }, 'took over unacknowledged call events');
        return claimed;
      }
    }
    const waiting = carried;
    carried = [];
    const fresh = await readNewEvents(
      redis,
      name,
      Math.max(1, batchSize - waiting.length),
      waiting.length ? CALL_EVENTS.carriedWaitMs : blockMs,
    );
    return [...waiting, ...fresh];
  };

  const loop = (async () => {
    let grouped = false;
    while (!stopping) {
      try {
        if (!grouped) await ensureCallEventsGroup(redis);
        grouped = true;
        const delivered = await nextDelivery();
        const readAt = Date.now();
        if (delivered.length) carried = (await processDelivery(redis, delivered)).carried;
        if (delivered.length && delivered.length < batchSize && !stopping)
          await sleep(lingerMs - (Date.now() - readAt));
      } catch (err) {
        if (stopping) break;
        // The stream was deleted (and its group with it): made again on the next turn.
        if (err instanceof Error && err.message.startsWith('NOGROUP')) {
          grouped = false;
          continue;
        }
        // Left pending: taken over again after claimIdleMs, by this consumer or another.
        logger.warn({ err, consumer: name }, 'call events not applied; retrying');
        await sleep(CALL_EVENTS.retryAfterFailureMs);
      }
    }
  })();

  return {
    name,
    /**
     * Finishes the batch in hand (a read in progress returns within blockMs), hands back what it
     * holds unapplied to the other consumers, then closes.
     */
    stop: async () => {
      stopping = true;
      await loop.catch(() => undefined);
      await handBackEvents(redis, name).then(
        (events) => events && logger.info({ consumer: name, events }, 'handed back unapplied call events'),
        // Left pending: taken over after claimIdleMs, as a dead consumer's are.
        (err: unknown) => logger.warn({ err, consumer: name }, 'could not hand back call events'),
      );
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
