import type { CallEventPayload } from '@ringcast/shared-types';
import { badRequest } from '../../../errors';
import { InvalidJobPayload, parseJobPayload, STREAM_TABLE } from '../../../queues';
import { pipelinedRedis, type RedisClient } from '../../../redis';

/**
 * Provider events about calls wait in one Redis stream between the webhook that accepted them and
 * the workers that apply them: an append is one round trip, and the workers read them hundreds at
 * a time through one consumer group, each event handed to one consumer and kept (pending) until
 * that consumer acknowledges it after its transaction committed. Its keys, group and numbers are
 * its row of the stream table (queues/streamTable.ts).
 */
export const CALL_EVENTS = STREAM_TABLE.callEvents;
export const CALL_EVENTS_STREAM = CALL_EVENTS.key;
/** Entries that do not parse as an event (a bug where they were written), kept for a person to look at. */
export const FAILED_CALL_EVENTS_STREAM = CALL_EVENTS.failedKey;
export const CALL_EVENTS_GROUP = CALL_EVENTS.group;

/** One delivered event: its stream id (to acknowledge) and its payload as the webhook accepted it. */
export interface StreamedEvent {
  id: string;
  /** Undefined when the entry does not parse: it is set aside, never applied. */
  event?: CallEventPayload;
  raw: string;
}

/**
 * Accepts a verified provider event (built by our webhook from a signed callback's fields):
 * checked against the shared schema, where it comes in (one that does not pass is refused, 400,
 * and nothing is stored), then appended to the stream in one round trip, shared with the appends
 * of other requests in the same tick. Once this resolves the event is durable and will be applied.
 */
export async function acceptCallEvent(event: CallEventPayload): Promise<void> {
  const checked = await parseJobPayload('applyCallEvent', event).catch((err: unknown) => {
    throw err instanceof InvalidJobPayload ? badRequest(err.message) : err;
  });
  await pipelinedRedis().xadd(CALL_EVENTS_STREAM(), '*', 'event', JSON.stringify(checked));
}

/** The group reads the stream from its first entry, so events appended before any worker ran are applied. */
export async function ensureCallEventsGroup(redis: RedisClient): Promise<void> {
  try {
    await redis.xgroup('CREATE', CALL_EVENTS_STREAM(), CALL_EVENTS_GROUP, '0', 'MKSTREAM');
  } catch (err) {
    if (!(err instanceof Error && err.message.startsWith('BUSYGROUP'))) throw err;
  }
}

function parseEntry(id: string, fields: string[]): StreamedEvent {
  const raw = fields[fields.indexOf('event') + 1] ?? '';
  try {
    // acceptCallEvent wrote it after the schema's check; an entry written by anything else
    // (no call to apply it to) is set aside.
    const event = JSON.parse(raw) as CallEventPayload;
    return Number.isSafeInteger(event?.callId) && event.callId > 0 ? { id, raw, event } : { id, raw };
  } catch {
    return { id, raw };
  }
}

type Entries = [id: string, fields: string[] | null][];

const parseEntries = (entries: Entries) =>
  entries.filter(([, fields]) => fields).map(([id, fields]) => parseEntry(id, fields!));

/** Up to `count` events never delivered to any consumer, waiting up to `blockMs` for the first. */
export async function readNewEvents(
  redis: RedisClient,
  consumer: string,
  count: number,
  blockMs: number,
): Promise<StreamedEvent[]> {
  const reply = (await redis.xreadgroup(
    'GROUP',
    CALL_EVENTS_GROUP,
    consumer,
    'COUNT',
    count,
    'BLOCK',
    blockMs,
    'STREAMS',
    CALL_EVENTS_STREAM(),
    '>',
  )) as [string, Entries][] | null;
  return reply?.length ? parseEntries(reply[0]![1]) : [];
}

/**
 * Events delivered to a consumer that has not acknowledged them for `idleMs` (it died, or its
 * database is down), taken over by `consumer`. They are tried until they apply, however long the
 * database is away; those delivered `repeatedAfter` times already are named, for the logs.
 */
export async function claimStaleEvents(
  redis: RedisClient,
  consumer: string,
  idleMs: number,
  count: number,
  repeatedAfter: number,
): Promise<{ claimed: StreamedEvent[]; repeated: string[] }> {
  const pending = (await redis.xpending(
    CALL_EVENTS_STREAM(),
    CALL_EVENTS_GROUP,
    'IDLE',
    idleMs,
    '-',
    '+',
    count,
  )) as [id: string, consumer: string, idle: number, deliveries: number][];
  if (!pending.length) return { claimed: [], repeated: [] };
  const repeated = pending.filter(([, , , deliveries]) => deliveries >= repeatedAfter).map(([id]) => id);
  const ids = pending.map(([id]) => id);
  const entries = (await redis.xclaim(
    CALL_EVENTS_STREAM(),
    CALL_EVENTS_GROUP,
    consumer,
    idleMs,
    ...ids,
  )) as Entries;
  return { claimed: await parseEntries(entries), repeated };
}

/**
 * How idle a handed-back entry is made to look: past any consumer's claimIdleMs, so the next
 * consumer that looks for stale entries takes it at once. Not larger than the clock: Redis reads an
 * idle time reaching before 1970 as none.
 */
const HANDED_BACK_IDLE_MS = 24 * 60 * 60 * 1000;
/** Entries looked at per round trip when a consumer hands back what it holds. */
const HAND_BACK_PAGE = 1000;

/**
 * For a consumer that stops: the entries delivered to it and not acknowledged (passed by for a
 * call another consumer held, or in a batch that failed) are made claimable by any other consumer
 * at once, instead of after claimIdleMs. Their delivery count stays (JUSTID), so an entry that
 * keeps failing is still named. Entries it applied were acknowledged with their commit, so none
 * is applied twice. A consumer that holds nothing is taken out of the group (one that holds
 * entries stays listed until they are taken over: removing it would drop them). Returns how many
 * entries were handed back.
 */
export async function handBackEvents(redis: RedisClient, consumer: string): Promise<number> {
  let handedBack = 0;
  let start = '-';
  for (;;) {
    const pending = (await redis.xpending(
      CALL_EVENTS_STREAM(),
      CALL_EVENTS_GROUP,
      start,
      '+',
      HAND_BACK_PAGE,
      consumer,
    )) as [id: string, consumer: string, idle: number, deliveries: number][];
    if (pending.length) {
      await redis.xclaim(
        CALL_EVENTS_STREAM(),
        CALL_EVENTS_GROUP,
        consumer,
        0,
        ...pending.map(([id]) => id),
        'IDLE',
        HANDED_BACK_IDLE_MS,
        'JUSTID',
      );
      handedBack += pending.length;
    }
    if (pending.length < HAND_BACK_PAGE) break;
    start = `(${pending[pending.length - 1]![0]}`;
  }
  if (!handedBack) await redis.xgroup('DELCONSUMER', CALL_EVENTS_STREAM(), CALL_EVENTS_GROUP, consumer);
  return handedBack;
}

/** Applied (their transaction committed): out of the group's pending list and out of the stream. */
export async function acknowledgeEvents(redis: RedisClient, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await redis
    .multi()
    .xack(CALL_EVENTS_STREAM(), CALL_EVENTS_GROUP, ...ids)
    .xdel(CALL_EVENTS_STREAM(), ...ids)
    .exec();
}

/** Entries that can never be applied, moved to the failed stream with the reason, in one step. */
export async function setAsideEvents(
  redis: RedisClient,
  entries: { id: string; raw: string }[],
  reason: string,
): Promise<void> {
  if (!entries.length) return;
  const multi = redis.multi();
  for (const { id, raw } of entries)
    multi.xadd(FAILED_CALL_EVENTS_STREAM(), '*', 'event', raw, 'streamId', id, 'reason', reason);
  multi.xack(CALL_EVENTS_STREAM(), CALL_EVENTS_GROUP, ...entries.map((e) => e.id));
  multi.xdel(CALL_EVENTS_STREAM(), ...entries.map((e) => e.id));
  await multi.exec();
}
