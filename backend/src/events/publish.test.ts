import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Transaction } from 'sequelize';
import type { CallRecord, Campaign } from '@ringcast/shared-types';
import { closeBroadcaster, publish, rereadPublisher, useBroadcaster, type LocalBroadcaster } from './publish';
import { EVENT_TABLE } from './eventTable';

/** What reached the sockets: event, rooms, payload, and when (fake ms since the test began). */
let emitted: { event: string; rooms: string[]; payload: { id: number; totalCalls?: number }; at: number }[];
let start: number;
const broadcaster: LocalBroadcaster = {
  local: {
    to: (rooms) => ({
      emit: (event, payload) =>
        emitted.push({ event, rooms: [rooms].flat(), payload: payload as never, at: Date.now() - start }),
    }),
  },
  in: () => ({ socketsJoin() {}, socketsLeave() {}, disconnectSockets() {} }),
  serverSideEmit: () => undefined,
};

/** The campaigns "stored": what a read finds now, and every read's ids. */
const stored = new Map<number, number>();
let reads: number[][];
let readDelayMs = 0;
const readCampaigns = async (ids: number[]) => {
  reads.push(ids);
  if (readDelayMs) await new Promise((resolve) => setTimeout(resolve, readDelayMs));
  return ids.map((id) => ({
    payload: { id, userId: 7, totalCalls: stored.get(id) ?? 0 } as Campaign,
    userId: 7,
  }));
};
const campaigns = rereadPublisher('campaign:updated', readCampaigns);
const WINDOW_MS = EVENT_TABLE['campaign:updated'].coalesce.windowMs;

/** A transaction that commits when told to. */
function transaction() {
  const hooks: (() => void)[] = [];
  return {
    handle: { afterCommit: (hook: () => void) => hooks.push(hook) } as unknown as Transaction,
    commit: () => hooks.forEach((hook) => hook()),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  start = Date.now();
  emitted = [];
  reads = [];
  readDelayMs = 0;
  stored.clear();
  useBroadcaster(broadcaster);
});
afterEach(async () => {
  await closeBroadcaster();
  vi.useRealTimers();
});

describe("a re-read event's statistics pushes", () => {
  it('read every campaign that moved in the window once, together, and push each once at its end', async () => {
    for (let n = 1; n <= 1000; n++) {
      stored.set(n % 3, n);
      campaigns.moved(n % 3);
    }
    await vi.advanceTimersByTimeAsync(WINDOW_MS - 1);
    expect(reads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toEqual([[1, 2, 0]]);
    // Out at the window's end, not held again by a second window.
    expect(emitted.map((e) => [e.payload.id, e.payload.totalCalls, e.at])).toEqual([
      [1, 1000, WINDOW_MS],
      [2, 998, WINDOW_MS],
      [0, 999, WINDOW_MS],
    ]);
    expect(emitted[0]!.rooms).toEqual(['user:7', 'admins']);
  });

  it('wait for the commit, and a rolled-back change is never read', async () => {
    const committed = transaction();
    campaigns.moved(1, committed.handle);
    campaigns.moved(2, transaction().handle);
    await vi.advanceTimersByTimeAsync(WINDOW_MS * 2);
    expect(reads).toEqual([]);
    committed.commit();
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    expect(reads).toEqual([[1]]);
  });

  it("never hold a person's change: it is read and pushed at once, even while the window holds it", async () => {
    campaigns.moved(1);
    stored.set(1, 5);
    const change = transaction();
    campaigns.changed(1, change.handle);
    await vi.advanceTimersByTimeAsync(0);
    expect(emitted).toEqual([]);
    change.commit();
    await vi.advanceTimersByTimeAsync(0);
    expect(emitted.map((e) => [e.payload.id, e.payload.totalCalls, e.at])).toEqual([[1, 5, 0]]);
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    expect(reads).toEqual([[1], [1]]);
  });

  it('read one after another, so a push never carries an older snapshot than the one before it', async () => {
    readDelayMs = 100;
    campaigns.moved(1);
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    expect(reads).toEqual([[1]]);
    // Named while the first read runs: read once it answers, not alongside it.
    campaigns.changed(2);
    campaigns.changed(3);
    await vi.advanceTimersByTimeAsync(50);
    expect(reads).toEqual([[1]]);
    await vi.advanceTimersByTimeAsync(50);
    expect(reads).toEqual([[1], [2, 3]]);
    await vi.advanceTimersByTimeAsync(100);
    expect(emitted.map((e) => [e.payload.id, e.at])).toEqual([
      [1, WINDOW_MS + 100],
      [2, WINDOW_MS + 200],
      [3, WINDOW_MS + 200],
    ]);
  });

  it('go out when the broadcaster closes, read before it does', async () => {
    readDelayMs = 100;
    campaigns.moved(4);
    const closing = closeBroadcaster();
    await vi.advanceTimersByTimeAsync(100);
    await closing;
    expect(emitted.map((e) => e.payload.id)).toEqual([4]);
  });
});

describe('a payload event', () => {
  const call = (id: number, second: number) =>
    ({
      id,
      campaignId: 1,
      updatedAt: new Date(Date.UTC(2026, 10, 26, 10, 0, second)).toISOString(),
    }) as CallRecord;

  it('goes out at once, then the latest per call at the end of the window the events table gives', async () => {
    const WINDOW = EVENT_TABLE['call:updated'].coalesce.windowMs;
    for (let second = 1; second <= 10; second++) publish('call:updated', call(1, second), { userId: 7 });
    // Read before the last was written, published after it: never sent.
    publish('call:updated', call(1, 5), { userId: 7 });
    await vi.advanceTimersByTimeAsync(0);
    expect(emitted.map((e) => [e.payload.id, e.at])).toEqual([[1, 0]]);
    await vi.advanceTimersByTimeAsync(WINDOW);
    expect(emitted.map((e) => [(e.payload as CallRecord).updatedAt, e.at])).toEqual([
      [call(1, 1).updatedAt, 0],
      [call(1, 10).updatedAt, WINDOW],
    ]);
    expect(emitted[0]!.rooms).toEqual(['user:7']);
  });

  it('is held no more once the broadcaster closes: what the window held goes out', async () => {
    publish('call:updated', call(2, 1), { userId: 7 });
    publish('call:updated', call(2, 2), { userId: 7 });
    await closeBroadcaster();
    expect(emitted.map((e) => (e.payload as CallRecord).updatedAt)).toEqual([
      call(2, 1).updatedAt,
      call(2, 2).updatedAt,
    ]);
  });
});
