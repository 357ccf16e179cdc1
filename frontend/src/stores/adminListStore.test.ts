import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminListParams, AdminPage } from '../api/admin';
import { ApiError, NetworkError } from '../api/client';
import { ADMIN_REFRESH_DEBOUNCE_MS, createAdminListStore, firstPage, isStale } from './adminListStore';

interface Ticket {
  id: number;
  status: string;
  updatedAt: string;
}
interface AdminTicket extends Ticket {
  email: string;
}

const at = (minute: number) => `2025-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const row = (id: number, overrides: Partial<AdminTicket> = {}): AdminTicket => ({
  id,
  status: 'open',
  updatedAt: at(0),
  email: `user${id}@example.com`,
  ...overrides,
});
const push = (id: number, overrides: Partial<Ticket> = {}): Ticket => ({
  id,
  status: 'open',
  updatedAt: at(0),
  ...overrides,
});

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const makeStore = () => {
  const fetchPage = vi.fn<(params: AdminListParams) => Promise<AdminPage<AdminTicket>>>();
  const store = createAdminListStore<AdminTicket, Ticket>({
    fetchPage,
    isComplete: (t): t is AdminTicket => 'email' in t,
    belongs: (t) => t.status !== 'closed',
  });
  return { store, fetchPage };
};

const ids = (items: { id: number }[]) => items.map((t) => t.id);

describe('isStale', () => {
  it('compares updatedAt, and never calls a row without one stale', () => {
    expect(isStale({ id: 1, updatedAt: at(1) }, { id: 1, updatedAt: at(2) })).toBe(true);
    expect(isStale({ id: 1, updatedAt: at(2) }, { id: 1, updatedAt: at(2) })).toBe(false);
    expect(isStale({ id: 1 }, { id: 1, updatedAt: at(2) })).toBe(false);
  });
});

describe('createAdminListStore', () => {
  let store: ReturnType<typeof makeStore>['store'];
  let fetchPage: ReturnType<typeof makeStore>['fetchPage'];

  beforeEach(() => {
    ({ store, fetchPage } = makeStore());
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  const loaded = async (items: AdminTicket[], total = items.length, params = firstPage()) => {
    fetchPage.mockResolvedValueOnce({ items, total });
    await store.getState().load(params);
  };

  it('reads a page with its total and search', async () => {
    await loaded([row(2), row(1)], 12, firstPage('acme'));
    expect(fetchPage).toHaveBeenCalledWith({ q: 'acme', page: 1, pageSize: 50 });
    expect(store.getState()).toMatchObject({ total: 12, status: 'ready', loading: false, error: null });
    expect(store.getState().params?.q).toBe('acme');
    expect(ids(store.getState().items)).toEqual([2, 1]);
  });

  it('ignores pushes before the first read', () => {
    store.getState().receive(push(1));
    expect(store.getState().items).toEqual([]);
    vi.advanceTimersByTime(ADMIN_REFRESH_DEBOUNCE_MS * 2);
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('updates a row in place, keeping the fields the push lacks, and ignores an older copy', async () => {
    await loaded([row(1, { updatedAt: at(5) })]);
    store.getState().receive(push(1, { status: 'in_progress', updatedAt: at(6) }));
    expect(store.getState().items[0]).toEqual(row(1, { status: 'in_progress', updatedAt: at(6) }));
    store.getState().receive(push(1, { status: 'open', updatedAt: at(4) }));
    expect(store.getState().items[0]!.status).toBe('in_progress');
  });

  it('drops a row that no longer belongs (a closed ticket) and counts it out', async () => {
    await loaded([row(2), row(1)], 2);
    store.getState().receive(push(1, { status: 'closed', updatedAt: at(1) }));
    expect(ids(store.getState().items)).toEqual([2]);
    expect(store.getState().total).toBe(1);
  });

  it('puts a complete new row on top of the first unsearched page', async () => {
    await loaded([row(1)], 1);
    store.getState().receive(row(7));
    expect(ids(store.getState().items)).toEqual([7, 1]);
    expect(store.getState().total).toBe(2);
    vi.advanceTimersByTime(ADMIN_REFRESH_DEBOUNCE_MS * 2);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('re-reads the page once for a burst of new rows it cannot place itself', async () => {
    await loaded([row(1)], 1);
    store.getState().receive(push(8));
    store.getState().receive(push(9));
    expect(ids(store.getState().items)).toEqual([1]);
    fetchPage.mockResolvedValueOnce({ items: [row(9), row(8), row(1)], total: 3 });
    vi.advanceTimersByTime(ADMIN_REFRESH_DEBOUNCE_MS);
    await vi.waitFor(() => expect(ids(store.getState().items)).toEqual([9, 8, 1]));
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(fetchPage).toHaveBeenLastCalledWith(firstPage());
  });

  it('asks the server about a complete new row while a search or a later page is shown', async () => {
    await loaded([row(1)], 1, firstPage('acme'));
    store.getState().receive(row(5));
    expect(ids(store.getState().items)).toEqual([1]);
    fetchPage.mockResolvedValueOnce({ items: [row(1)], total: 1 });
    vi.advanceTimersByTime(ADMIN_REFRESH_DEBOUNCE_MS);
    expect(fetchPage).toHaveBeenLastCalledWith(firstPage('acme'));
  });

  it('ignores a new row that does not belong', async () => {
    await loaded([row(1)], 1);
    store.getState().receive(push(3, { status: 'closed' }));
    vi.advanceTimersByTime(ADMIN_REFRESH_DEBOUNCE_MS * 2);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(ids(store.getState().items)).toEqual([1]);
  });

  it('keeps a push that arrived while a read was under way, and a row removed meanwhile stays gone', async () => {
    await loaded([row(2), row(1)], 2);
    const answer = deferred<AdminPage<AdminTicket>>();
    fetchPage.mockReturnValueOnce(answer.promise);
    const reading = store.getState().refresh();
    store.getState().receive(push(1, { status: 'in_progress', updatedAt: at(9) }));
    store.getState().remove(2);
    answer.resolve({ items: [row(2), row(1)], total: 2 });
    await reading;
    expect(store.getState().items).toEqual([row(1, { status: 'in_progress', updatedAt: at(9) })]);
  });

  it('lets only the newest read write (a slow earlier search loses)', async () => {
    const slow = deferred<AdminPage<AdminTicket>>();
    fetchPage.mockReturnValueOnce(slow.promise);
    const first = store.getState().load(firstPage('a'));
    await loaded([row(3)], 1, firstPage('ab'));
    slow.resolve({ items: [row(1), row(2)], total: 2 });
    await first;
    expect(ids(store.getState().items)).toEqual([3]);
    expect(store.getState().params?.q).toBe('ab');
  });

  it('reports a failed first read, and keeps the rows when a later read fails', async () => {
    // The server's sentence, as the admin's toasts show it (not the raw "<status>: <body>" line).
    fetchPage.mockRejectedValueOnce(new ApiError(500, '{"error":"boom","code":"internal"}', 'Error'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await store.getState().load(firstPage());
    expect(store.getState()).toMatchObject({ status: 'error', error: 'boom', loading: false });

    await loaded([row(1)]);
    fetchPage.mockRejectedValueOnce(new ApiError(503, '', 'Service Unavailable'));
    await store.getState().refresh();
    expect(store.getState()).toMatchObject({ status: 'ready', error: '503: Service Unavailable' });

    // No answer at all: the list's own sentence, not the browser's "Failed to fetch".
    fetchPage.mockRejectedValueOnce(new NetworkError(new TypeError('Failed to fetch')));
    await store.getState().refresh();
    expect(store.getState()).toMatchObject({ status: 'ready', error: 'Could not load the list.' });
    expect(ids(store.getState().items)).toEqual([1]);
  });

  it('once released (the list left the screen), ignores pushes and re-reads nothing until the next load', async () => {
    await loaded([row(1)]);
    store.getState().receive(push(2, { updatedAt: at(1) }));
    store.getState().release();
    store.getState().receive(push(1, { status: 'in_progress', updatedAt: at(2) }));
    store.getState().receive(push(3));
    await store.getState().refresh();
    vi.advanceTimersByTime(ADMIN_REFRESH_DEBOUNCE_MS * 2);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(store.getState().items.map((t) => t.status)).toEqual(['open']);

    await loaded([row(3), row(1)]);
    store.getState().receive(push(1, { status: 'in_progress', updatedAt: at(3) }));
    expect(store.getState().items.map((t) => [t.id, t.status])).toEqual([
      [3, 'open'],
      [1, 'in_progress'],
    ]);
  });

  it('drops an answer that arrives after sign-out', async () => {
    const slow = deferred<AdminPage<AdminTicket>>();
    fetchPage.mockReturnValueOnce(slow.promise);
    const reading = store.getState().load(firstPage());
    store.getState().clear();
    slow.resolve({ items: [row(1)], total: 1 });
    await reading;
    expect(store.getState()).toMatchObject({ items: [], status: 'idle', params: null });
  });
});

describe('a row whose list-only fields a push makes stale', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('updates it and reads the page again', async () => {
    const fetchPage = vi.fn<(params: AdminListParams) => Promise<AdminPage<AdminTicket>>>();
    const store = createAdminListStore<AdminTicket, Ticket>({
      fetchPage,
      isComplete: (t): t is AdminTicket => 'email' in t,
      outdates: (t, held) => t.status !== held.status,
    });
    fetchPage.mockResolvedValue({ items: [row(1)], total: 1 });
    await store.getState().load(firstPage());
    store.getState().receive(push(1, { updatedAt: at(1) }));
    vi.advanceTimersByTime(ADMIN_REFRESH_DEBOUNCE_MS);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    store.getState().receive(push(1, { status: 'resolved', updatedAt: at(2) }));
    expect(store.getState().items[0]!.status).toBe('resolved');
    vi.advanceTimersByTime(ADMIN_REFRESH_DEBOUNCE_MS);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});

describe('pushes during a read', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const fetchPage = vi.fn<(params: AdminListParams) => Promise<AdminPage<AdminTicket>>>();
    const store = createAdminListStore<AdminTicket, Ticket>({
      fetchPage,
      isComplete: (t): t is AdminTicket => 'email' in t,
    });
    return { fetchPage, store };
  };

  it('a push during the first read leads to another read (the answer may predate it)', async () => {
    const { fetchPage, store } = setup();
    const first = deferred<AdminPage<AdminTicket>>();
    fetchPage.mockReturnValueOnce(first.promise);
    const reading = store.getState().load(firstPage('x'));
    store.getState().receive(push(4));
    first.resolve({ items: [], total: 0 });
    await reading;
    expect(store.getState().items).toEqual([]);
    fetchPage.mockResolvedValueOnce({ items: [row(4)], total: 1 });
    vi.advanceTimersByTime(ADMIN_REFRESH_DEBOUNCE_MS);
    await vi.waitFor(() => expect(ids(store.getState().items)).toEqual([4]));
    expect(fetchPage).toHaveBeenLastCalledWith(firstPage('x'));
  });

  it('a row put on top during a read that the answer lacks leads to another read', async () => {
    const { fetchPage, store } = setup();
    fetchPage.mockResolvedValueOnce({ items: [row(1)], total: 1 });
    await store.getState().load(firstPage());
    const second = deferred<AdminPage<AdminTicket>>();
    fetchPage.mockReturnValueOnce(second.promise);
    const reading = store.getState().refresh();
    store.getState().receive(row(5));
    second.resolve({ items: [row(1)], total: 1 });
    await reading;
    fetchPage.mockResolvedValueOnce({ items: [row(5), row(1)], total: 2 });
    vi.advanceTimersByTime(ADMIN_REFRESH_DEBOUNCE_MS);
    await vi.waitFor(() => expect(ids(store.getState().items)).toEqual([5, 1]));
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });
});
