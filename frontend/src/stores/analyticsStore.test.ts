import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignAnalytics } from '@ringcast/shared-types';
import { ApiError } from '../api/client';

const api = vi.hoisted(() => ({ fetchCampaignAnalytics: vi.fn(), fetchAdminQuality: vi.fn() }));
vi.mock('../api/analytics', () => api);

const { ANALYTICS_GATHER_MS, ANALYTICS_REREAD_MIN_MS, useAnalyticsStore } = await import('./analyticsStore');

const figures = (campaignId: number, from = 'a') => ({ campaignId, from }) as CampaignAnalytics;
const store = () => useAnalyticsStore.getState();
const answered = () => vi.advanceTimersByTimeAsync(0);

describe('analyticsStore', () => {
  let leave: () => void = () => undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.fetchCampaignAnalytics.mockReset().mockImplementation((id: number) => Promise.resolve(figures(id)));
  });
  afterEach(() => {
    leave();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens on the last 30 days as of the day it opens, until a range is picked', async () => {
    vi.setSystemTime(new Date('2026-12-07T23:59:00Z'));
    leave = store().show(7);
    expect(store().range).toEqual({ from: '2026-11-08', to: '2026-12-07' });
    leave();
    vi.setSystemTime(new Date('2026-12-08T00:01:00Z'));
    leave = store().show(7);
    expect(store().range).toEqual({ from: '2026-11-09', to: '2026-12-08' });
    await answered();
  });

  it('reads the range on screen, and the new range when it changes', async () => {
    leave = store().show(7);
    expect(store().loading).toBe(true);
    await answered();
    expect(api.fetchCampaignAnalytics).toHaveBeenCalledWith(7, store().range);
    expect(store()).toMatchObject({ data: figures(7), loading: false, error: null });

    store().setRange({ from: '2026-11-01', to: '2026-11-07' });
    expect(store().loading).toBe(true);
    // The figures of the previous range stay until the answer.
    expect(store().data).toEqual(figures(7));
    await answered();
    expect(api.fetchCampaignAnalytics).toHaveBeenLastCalledWith(7, { from: '2026-11-01', to: '2026-11-07' });
    expect(store().loading).toBe(false);

    // The same range again asks nothing.
    store().setRange({ from: '2026-11-01', to: '2026-11-07' });
    expect(api.fetchCampaignAnalytics).toHaveBeenCalledTimes(2);
  });

  it('lets only the newest read write', async () => {
    let answerFirst: (value: CampaignAnalytics) => void = () => undefined;
    api.fetchCampaignAnalytics.mockImplementationOnce(
      () => new Promise((resolve) => (answerFirst = resolve)),
    );
    api.fetchCampaignAnalytics.mockResolvedValueOnce(figures(7, 'october'));
    leave = store().show(7);
    store().setRange({ from: '2026-10-01', to: '2026-10-31' });
    await answered();
    answerFirst(figures(7, 'stale'));
    await answered();
    expect(store().data).toEqual(figures(7, 'october'));
  });

  it("shows the server's sentence when a read is refused, and clears it once one succeeds", async () => {
    api.fetchCampaignAnalytics.mockRejectedValueOnce(
      new ApiError(400, JSON.stringify({ error: 'A range covers at most 366 days' }), 'Bad Request'),
    );
    leave = store().show(7);
    await answered();
    expect(store()).toMatchObject({ error: 'A range covers at most 366 days', loading: false });
    await store().refresh();
    expect(store().error).toBeNull();
  });

  it("reads again once for a burst of the campaign's pushes, at most once every few seconds", async () => {
    leave = store().show(7);
    await answered();
    api.fetchCampaignAnalytics.mockClear();

    store().campaignUpdated({ id: 8 });
    store().campaignUpdated({ id: 7 });
    store().campaignUpdated({ id: 7 });
    await vi.advanceTimersByTimeAsync(ANALYTICS_GATHER_MS);
    expect(api.fetchCampaignAnalytics).toHaveBeenCalledTimes(1);
    // A push's read does not blank the tab with a spinner.
    expect(store().loading).toBe(false);

    store().campaignUpdated({ id: 7 });
    await vi.advanceTimersByTimeAsync(ANALYTICS_REREAD_MIN_MS - 1);
    expect(api.fetchCampaignAnalytics).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.fetchCampaignAnalytics).toHaveBeenCalledTimes(2);
  });

  it('reads nothing more once the tab is left, and drops an answer still under way', async () => {
    let answerLate: (value: CampaignAnalytics) => void = () => undefined;
    api.fetchCampaignAnalytics.mockImplementationOnce(() => new Promise((resolve) => (answerLate = resolve)));
    const left = store().show(7);
    store().campaignUpdated({ id: 7 });
    left();
    answerLate(figures(7));
    await vi.advanceTimersByTimeAsync(ANALYTICS_REREAD_MIN_MS * 2);
    expect(store()).toMatchObject({ campaignId: null, data: null });
    expect(api.fetchCampaignAnalytics).toHaveBeenCalledTimes(1);
  });
});
