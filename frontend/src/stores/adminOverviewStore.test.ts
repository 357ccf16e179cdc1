import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOverview, SupportTicket } from '@ringcast/shared-types';

const api = vi.hoisted(() => ({ fetchAdminOverview: vi.fn() }));
vi.mock('../api/admin', () => api);

const { OVERVIEW_REREAD_MIN_MS, useAdminOverviewStore } = await import('./adminOverviewStore');
const { ADMIN_REFRESH_DEBOUNCE_MS } = await import('./adminListStore');

const overview = (totalUsers: number, openTickets = 0) =>
  ({ totalUsers, openTickets, recentCampaigns: [] }) as unknown as AdminOverview;
const newTicket = { status: 'open' } as SupportTicket;
const store = () => useAdminOverviewStore.getState();
const reads = () => api.fetchAdminOverview.mock.calls.length;
/** Lets a read that was answered write (without moving the fake clock). */
const answered = () => vi.advanceTimersByTimeAsync(0);

describe('adminOverviewStore', () => {
  let hide: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    store().clear();
    api.fetchAdminOverview.mockReset();
    api.fetchAdminOverview.mockResolvedValue(overview(1));
  });
  afterEach(() => {
    hide?.();
    hide = undefined;
    vi.useRealTimers();
  });

  it('counts a new ticket from its push, without a read', async () => {
    hide = store().show();
    await answered();
    expect(store().status).toBe('ready');
    store().ticketUpdated(newTicket);
    expect(store().overview?.openTickets).toBe(1);
    vi.advanceTimersByTime(OVERVIEW_REREAD_MIN_MS * 2);
    expect(reads()).toBe(1);
  });

  it('reads again at most once every 5 s however many pushes need it', async () => {
    hide = store().show();
    await answered();
    expect(store().status).toBe('ready');
    api.fetchAdminOverview.mockResolvedValue(overview(2));
    for (let i = 0; i < 20; i++) store().userUpdated();
    vi.advanceTimersByTime(ADMIN_REFRESH_DEBOUNCE_MS - 1);
    expect(reads()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(reads()).toBe(2);
    await answered();
    expect(store().overview?.totalUsers).toBe(2);

    // Two seconds after that read, another burst: its read waits for the 5 s to be up.
    vi.advanceTimersByTime(2000);
    for (let i = 0; i < 20; i++) store().userUpdated();
    vi.advanceTimersByTime(OVERVIEW_REREAD_MIN_MS - 2000 - 1);
    expect(reads()).toBe(2);
    vi.advanceTimersByTime(1);
    expect(reads()).toBe(3);
  });

  it('reads again when a push changed the figures while a read was under way', async () => {
    let answer: (o: AdminOverview) => void = () => {};
    api.fetchAdminOverview.mockResolvedValueOnce(overview(1));
    hide = store().show();
    await answered();
    expect(store().status).toBe('ready');
    api.fetchAdminOverview.mockReturnValueOnce(new Promise((r) => (answer = r)));
    const reading = store().fetch();
    store().ticketUpdated(newTicket);
    answer(overview(1, 0));
    await reading;
    expect(reads()).toBe(2);
    vi.advanceTimersByTime(ADMIN_REFRESH_DEBOUNCE_MS);
    expect(reads()).toBe(3);
  });

  it('reads nothing for pushes while the tab is off screen, and reads on the next show', async () => {
    hide = store().show();
    await answered();
    expect(store().status).toBe('ready');
    hide();
    hide = undefined;
    store().userUpdated();
    store().catchUp();
    vi.advanceTimersByTime(OVERVIEW_REREAD_MIN_MS * 2);
    expect(reads()).toBe(1);
    hide = store().show();
    expect(reads()).toBe(2);
  });

  it('lets only the newest read write, and drops answers after sign-out', async () => {
    let first: (o: AdminOverview) => void = () => {};
    api.fetchAdminOverview.mockReturnValueOnce(new Promise((r) => (first = r)));
    const slow = store().fetch();
    api.fetchAdminOverview.mockResolvedValueOnce(overview(5));
    await store().fetch();
    first(overview(4));
    await slow;
    expect(store().overview?.totalUsers).toBe(5);

    let late: (o: AdminOverview) => void = () => {};
    api.fetchAdminOverview.mockReturnValueOnce(new Promise((r) => (late = r)));
    const reading = store().fetch();
    store().clear();
    late(overview(9));
    await reading;
    expect(store()).toMatchObject({ overview: null, status: 'idle' });
  });
});
