import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOverview } from '@ringcast/shared-types';

const api = vi.hoisted(() => ({ fetchAdminOverview: vi.fn() }));
vi.mock('../api/admin', () => api);

const { useAdminOverviewStore } = await import('./adminOverviewStore');
const { ADMIN_REFRESH_DEBOUNCE_MS } = await import('./adminListStore');

const overview = (totalUsers: number) => ({ totalUsers }) as AdminOverview;

describe('adminOverviewStore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useAdminOverviewStore.getState().clear();
    api.fetchAdminOverview.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('re-reads the figures once per burst of changes, and not before the first read', async () => {
    useAdminOverviewStore.getState().scheduleRefresh();
    vi.advanceTimersByTime(ADMIN_REFRESH_DEBOUNCE_MS * 2);
    expect(api.fetchAdminOverview).not.toHaveBeenCalled();

    api.fetchAdminOverview.mockResolvedValueOnce(overview(1));
    await useAdminOverviewStore.getState().fetch();
    expect(useAdminOverviewStore.getState()).toMatchObject({ status: 'ready', overview: { totalUsers: 1 } });

    api.fetchAdminOverview.mockResolvedValueOnce(overview(2));
    for (let i = 0; i < 5; i++) useAdminOverviewStore.getState().scheduleRefresh();
    vi.advanceTimersByTime(ADMIN_REFRESH_DEBOUNCE_MS - 1);
    expect(api.fetchAdminOverview).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(api.fetchAdminOverview).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(useAdminOverviewStore.getState().overview?.totalUsers).toBe(2));
  });

  it('lets only the newest read write, and drops answers after sign-out', async () => {
    let first: (o: AdminOverview) => void = () => {};
    api.fetchAdminOverview.mockReturnValueOnce(new Promise((r) => (first = r)));
    const slow = useAdminOverviewStore.getState().fetch();
    api.fetchAdminOverview.mockResolvedValueOnce(overview(5));
    await useAdminOverviewStore.getState().fetch();
    first(overview(4));
    await slow;
    expect(useAdminOverviewStore.getState().overview?.totalUsers).toBe(5);

    let late: (o: AdminOverview) => void = () => {};
    api.fetchAdminOverview.mockReturnValueOnce(new Promise((r) => (late = r)));
    const reading = useAdminOverviewStore.getState().fetch();
    useAdminOverviewStore.getState().clear();
    late(overview(9));
    await reading;
    expect(useAdminOverviewStore.getState()).toMatchObject({ overview: null, status: 'idle' });
  });
});
