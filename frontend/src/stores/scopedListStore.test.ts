import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScopedListStore, placeScopedRow, settleScopedRead, type ScopedRow } from './scopedListStore';

interface Row extends ScopedRow {
  scope: number;
  open: boolean;
}
const row = (id: number, second: number, over: Partial<Row> = {}): Row => ({
  id,
  scope: 1,
  open: true,
  updatedAt: `2026-12-07T10:00:0${second}.000Z`,
  ...over,
});
const byId = (a: Row, b: Row) => a.id - b.id;
const belongs = (r: Row) => r.scope === 1 && r.open;

describe('placeScopedRow', () => {
  it('adds, replaces and takes out by the view, and ignores a copy older than the one known', () => {
    const items = [row(1, 1), row(3, 1)];
    expect(placeScopedRow(items, row(2, 1), undefined, belongs, byId)?.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(placeScopedRow(items, row(3, 2, { open: false }), items[1], belongs, byId)).toEqual([row(1, 1)]);
    expect(placeScopedRow(items, row(1, 0, { open: false }), items[0], belongs, byId)).toBeNull();
    // The same stamp is the same change or a later guess: it may replace.
    expect(placeScopedRow(items, row(1, 1, { scope: 1 }), items[0], belongs, byId)).toHaveLength(2);
    expect(placeScopedRow(items, row(9, 1, { scope: 2 }), undefined, belongs, byId)).toEqual(items);
  });
});

describe('settleScopedRead', () => {
  it('keeps the newest copy of each row and places the rows pushed while the read was under way', () => {
    const newest = new Map<number, Row>([[1, row(1, 5, { open: false })]]);
    const pushed = [row(4, 3)];
    newest.set(4, pushed[0]);
    const answer = [row(1, 2), row(2, 2), row(3, 2, { scope: 2 })];
    expect(settleScopedRead(answer, pushed, newest, belongs, byId).map((r) => r.id)).toEqual([2, 4]);
    expect(newest.get(2)).toEqual(row(2, 2));
  });
});

describe('a scoped list store', () => {
  const read = vi.fn<() => Promise<Row[]>>();
  const useList = createScopedListStore<Row>({ label: 'rows', order: byId });
  const list = () => useList.getState();
  const answered = () => vi.advanceTimersByTimeAsync(0);
  let hide: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    read.mockReset().mockResolvedValue([row(1, 1), row(2, 1)]);
  });
  afterEach(() => {
    hide?.();
    hide = undefined;
    vi.useRealTimers();
  });

  it('reads when shown and follows pushes; a push while nothing is shown is ignored', async () => {
    list().receive(row(7, 1));
    expect(list().items).toEqual([]);
    hide = list().show('one', () => ({ read, belongs }));
    await answered();
    expect(list()).toMatchObject({ key: 'one', status: 'ready', items: [row(1, 1), row(2, 1)] });
    list().receive(row(2, 2, { open: false }));
    list().receive(row(2, 1));
    list().receive(row(5, 2));
    expect(list().items.map((r) => r.id)).toEqual([1, 5]);
  });

  it('does not let a read that predates a push undo it', async () => {
    let answer: (rows: Row[]) => void = () => undefined;
    read.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    hide = list().show('one', () => ({ read, belongs }));
    list().receive(row(1, 3, { open: false }));
    list().receive(row(6, 3));
    answer([row(1, 1), row(2, 1)]);
    await answered();
    expect(list().items.map((r) => r.id)).toEqual([2, 6]);
  });

  it('drops the answer for a list that left, and keeps what it shows when a later read fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stop = list().show('one', () => ({ read, belongs }));
    stop();
    await answered();
    expect(list()).toMatchObject({ key: null, items: [], status: 'idle' });

    hide = list().show('two', () => ({ read, belongs }));
    await answered();
    read.mockRejectedValueOnce(new Error('down'));
    await list().refresh();
    expect(list()).toMatchObject({ status: 'ready', items: [row(1, 1), row(2, 1)] });
  });
});
