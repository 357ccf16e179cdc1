import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallRecord } from '@ringcast/shared-types';
import { CALL_LOG_REREAD_MS, createCallLogStore } from './callLogStore';

const call = (id: number, over: Partial<CallRecord> = {}) =>
  ({
    id,
    campaignId: 1,
    status: 'ringing',
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:01.000Z',
    ...over,
  }) as CallRecord;

describe('a call log store', () => {
  const read = vi.fn();
  const useLog = createCallLogStore(read);
  const log = () => useLog.getState();
  const answered = () => vi.advanceTimersByTimeAsync(0);
  let hide: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    read.mockReset();
    read.mockResolvedValue({ items: [call(2), call(1)], total: 2 });
  });
  afterEach(() => {
    hide?.();
    hide = undefined;
    vi.useRealTimers();
  });

  it('reads the first page unfiltered when shown, and the first page again when filtered', async () => {
    hide = log().show(1);
    await answered();
    expect(read).toHaveBeenLastCalledWith(1, { status: null, from: null, to: null, page: 1, pageSize: 20 });
    expect(log()).toMatchObject({ status: 'ready', total: 2 });
    log().setPage(2);
    log().setFilters({ status: 'busy', from: null, to: null });
    await answered();
    expect(read).toHaveBeenLastCalledWith(1, { status: 'busy', from: null, to: null, page: 1, pageSize: 20 });
  });

  it('places pushed calls on the first page itself, with the total, and reads nothing', async () => {
    hide = log().show(1);
    await answered();
    log().callPushed(call(1, { status: 'completed', updatedAt: '2026-11-26T10:00:40.000Z' }));
    expect(log().items.map((c) => c.status)).toEqual(['ringing', 'completed']);

    for (const id of [3, 4, 5]) log().callPushed(call(id, { createdAt: `2026-11-26T10:00:0${id}.000Z` }));
    log().callPushed(call(9, { campaignId: 2 }));
    expect(log().items.map((c) => c.id)).toEqual([5, 4, 3, 2, 1]);
    expect(log().total).toBe(5);
    await vi.advanceTimersByTimeAsync(CALL_LOG_REREAD_MS * 4);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('on a later page, reads once for a burst of new calls, which shift its rows', async () => {
    hide = log().show(1);
    await answered();
    log().setPage(2);
    await answered();
    expect(read).toHaveBeenCalledTimes(2);
    for (const id of [3, 4, 5]) log().callPushed(call(id, { createdAt: `2026-11-26T10:00:0${id}.000Z` }));
    await vi.advanceTimersByTimeAsync(CALL_LOG_REREAD_MS);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('places the calls pushed while a read was under way on its answer', async () => {
    let answer: (page: unknown) => void = () => {};
    read.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    hide = log().show(1);
    log().callPushed(call(3, { createdAt: '2026-11-26T10:00:03.000Z' }));
    log().callPushed(call(1, { status: 'completed', updatedAt: '2026-11-26T10:00:40.000Z' }));
    answer({ items: [call(2), call(1)], total: 2 });
    await answered();
    expect(log().items.map((c) => [c.id, c.status])).toEqual([
      [3, 'ringing'],
      [2, 'ringing'],
      [1, 'completed'],
    ]);
    expect(log()).toMatchObject({ total: 3, status: 'ready' });
  });

  it("for an admin, reads once per burst of the campaign's changes (they name no call)", async () => {
    hide = log().show(1);
    await answered();
    log().campaignChanged(1);
    log().campaignChanged(1);
    log().campaignChanged(2);
    await vi.advanceTimersByTimeAsync(CALL_LOG_REREAD_MS);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('drops an answer that arrives after the log left the screen', async () => {
    let answer: (page: unknown) => void = () => {};
    read.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const leave = log().show(1);
    leave();
    answer({ items: [call(1)], total: 1 });
    await answered();
    expect(log()).toMatchObject({ campaignId: null, items: [], status: 'idle' });
  });
});
