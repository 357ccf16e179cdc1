import type { Gauge } from 'prom-client';
import { JOB_NAMES } from '@ringcast/shared-types';
import { logger } from '../logger';
import { getQueue, STREAM_TABLE, STREAM_NAMES } from '../queues';
import { sharedRedis } from '../redis';

/*
 * What some gauges read when Prometheus scrapes: the sockets this api holds, and the figures every
 * process shares through Redis (queues, streams, pacing slots). The shared ones are exported by the
 * workers only (exportSharedFigures), so N apis and M workers do not each ask Redis for the same
 * numbers; a dashboard takes their max over the workers.
 */

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

let sharedFigures = false;

/** This process exports the queues', streams' and pacing figures at each scrape (the workers do). */
export function exportSharedFigures(on = true): void {
  sharedFigures = on;
}

const socketCounters = new Set<() => number>();

/** A Socket.IO server's open sockets count at each scrape; the answer stops counting it (closed). */
export function watchOpenSockets(count: () => number): () => void {
  socketCounters.add(count);
  return () => socketCounters.delete(count);
}

export function collectOpenSockets(gauge: Gauge): void {
  let open = 0;
  for (const count of socketCounters) open += count();
  gauge.set(open);
}

/**
 * A scrape must not fail for one figure Redis could not give: the gauge loses its series (absent
 * rather than stale), the failure is logged, the rest is served.
 */
async function readInto<L extends string>(gauge: Gauge<L>, what: string, read: () => Promise<void>) {
  if (!sharedFigures) return;
  try {
    await read();
  } catch (err) {
    gauge.reset();
    logger.warn({ err, what }, 'a metric could not be read at scrape');
  }
}

export function collectQueueJobs(gauge: Gauge<'queue' | 'state'>): Promise<void> {
  return readInto(gauge, 'queue counts', async () => {
    const counts = await Promise.all(
      JOB_NAMES.map((name) =>
        getQueue(name).getJobCounts('waiting', 'prioritized', ...QUEUE_STATES.slice(1)),
      ),
    );
    JOB_NAMES.forEach((queue, i) => {
      const count = counts[i]!;
      // Prioritized jobs wait too, in a list of their own.
      const waiting = (count.waiting ?? 0) + (count.prioritized ?? 0);
      gauge.set({ queue, state: 'waiting' }, waiting);
      for (const state of QUEUE_STATES.slice(1)) gauge.set({ queue, state }, count[state] ?? 0);
    });
  });
}

interface StreamFigures {
  stream: string;
  length: number;
  groups: { group: string; lag: number | null; pending: number }[];
}

/** XINFO GROUPS answers each group as a flat list of field names and values. */
function groupOf(flat: unknown[]): StreamFigures['groups'][number] {
  const fields = new Map<string, unknown>();
  for (let i = 0; i + 1 < flat.length; i += 2) fields.set(String(flat[i]), flat[i + 1]);
  const lag = fields.get('lag');
  return {
    group: String(fields.get('name')),
    // Redis cannot always tell the lag (entries deleted in the middle of the range): nil then.
    lag: lag === null || lag === undefined ? null : Number(lag),
    pending: Number(fields.get('pending') ?? 0),
  };
}

async function readStream(stream: keyof typeof STREAM_TABLE): Promise<StreamFigures> {
  const key = STREAM_TABLE[stream].key();
  const redis = sharedRedis();
  const length = await redis.xlen(key);
  // A stream no event was ever appended to has no key yet, so no groups to ask about.
  const groups =
    length || (await redis.exists(key)) ? ((await redis.xinfo('GROUPS', key)) as unknown[][]) : [];
  return { stream, length, groups: groups.map(groupOf) };
}

/**
 * One read of the streams serves the three stream gauges of a scrape (the registry collects its
 * metrics at the same time, each asking): the read in progress, or finished within a second.
 */
let streamsRead: { at: number; figures: Promise<StreamFigures[]> } | undefined;
const STREAMS_READ_REUSE_MS = 1_000;

function readStreams(): Promise<StreamFigures[]> {
  if (!streamsRead || performance.now() - streamsRead.at > STREAMS_READ_REUSE_MS) {
    const figures = Promise.all(STREAM_NAMES.map(readStream));
    streamsRead = { at: performance.now(), figures };
    figures.catch(() => (streamsRead = undefined));
  }
  return streamsRead.figures;
}

export function collectStreamLength(gauge: Gauge<'stream'>): Promise<void> {
  return readInto(gauge, 'stream length', async () => {
    for (const { stream, length } of await readStreams()) gauge.set({ stream }, length);
  });
}

export function collectStreamGroups(
  gauge: Gauge<'stream' | 'group'>,
  figure: 'lag' | 'pending',
): Promise<void> {
  return readInto(gauge, `stream group ${figure}`, async () => {
    const streams = await readStreams();
    gauge.reset();
    for (const { stream, groups } of streams)
      for (const group of groups) {
        const value = group[figure];
        if (value !== null) gauge.set({ stream, group: group.group }, value);
      }
  });
}

/** The calls wing is loaded when first scraped: a worker loads it with its first call job, not at start. */
let placing: Promise<typeof import('../services/calls/place')> | undefined;

/** Slots whose lease has not run out, per account that took one (a few accounts, a few dozen slots each). */
export function collectCallsInFlight(gauge: Gauge<'account_sid'>): Promise<void> {
  return readInto(gauge, 'calls in flight', async () => {
    const { accountsWithSlots, heldSlots } = await (placing ??= import('../services/calls/place'));
    const accounts = await accountsWithSlots();
    const slots = await Promise.all(accounts.map(heldSlots));
    const now = Date.now();
    gauge.reset();
    accounts.forEach((account, i) =>
      gauge.set({ account_sid: account }, slots[i]!.filter(({ lease }) => Number(lease) > now).length),
    );
  });
}
