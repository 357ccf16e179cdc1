import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallRecord, Campaign, DashboardStats, User } from '@ringcast/shared-types';

const api = vi.hoisted(() => ({ readDashboard: vi.fn() }));
vi.mock('../api/dashboard', () => api);

const { DASHBOARD_REFRESH_DEBOUNCE_MS, useDashboardStore } = await import('./dashboardStore');
const { useAuthStore } = await import('./authStore');

const stats = (campaignIds: number[]) => ({ campaigns: campaignIds.map((id) => ({ id })) }) as DashboardStats;
const store = () => useDashboardStore.getState();
const answered = () => vi.advanceTimersByTimeAsync(0);

describe('dashboardStore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    store().hide();
    useAuthStore.setState({ user: { id: 1 } as User, status: 'authenticated' });
    api.readDashboard.mockReset().mockResolvedValue(stats([7]));
  });
  afterEach(() => vi.useRealTimers());

  it("reads the period on screen, and once more after a burst of the user's own changes", async () => {
    store().show(30);
    await answered();
    expect(api.readDashboard).toHaveBeenCalledWith(30);
    expect(store()).toMatchObject({ data: stats([7]), loading: false, failed: false });

    store().campaignUpdated({ id: 9, userId: 2 } as Campaign);
    store().callUpdated({ campaignId: 8 } as CallRecord);
    vi.advanceTimersByTime(DASHBOARD_REFRESH_DEBOUNCE_MS);
    expect(api.readDashboard).toHaveBeenCalledTimes(1);

    store().campaignUpdated({ id: 7, userId: 1 } as Campaign);
    store().callUpdated({ campaignId: 7 } as CallRecord);
    store().campaignDeleted(7);
    vi.advanceTimersByTime(DASHBOARD_REFRESH_DEBOUNCE_MS);
    expect(api.readDashboard).toHaveBeenCalledTimes(2);
  });

  it('keeps the previous figures while another period loads, and drops them when the page closes', async () => {
    store().show(30);
    await answered();
    let answer: (s: DashboardStats) => void = () => {};
    api.readDashboard.mockReturnValueOnce(new Promise((r) => (answer = r)));
    store().show(90);
    expect(store()).toMatchObject({ data: stats([7]), loading: true });

    store().hide();
    answer(stats([1]));
    await answered();
    expect(store()).toMatchObject({ data: null, loading: true });
    store().callUpdated({ campaignId: 7 } as CallRecord);
    await store().refresh();
    vi.advanceTimersByTime(DASHBOARD_REFRESH_DEBOUNCE_MS);
    expect(api.readDashboard).toHaveBeenCalledTimes(2);
  });
});
