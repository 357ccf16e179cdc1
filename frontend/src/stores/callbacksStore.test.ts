import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Callback } from '@ringcast/shared-types';

const api = vi.hoisted(() => ({
  fetchCampaignCallbacks: vi.fn(),
  cancelCallback: vi.fn(),
  markCallbackHandled: vi.fn(),
}));
vi.mock('../api/callbacks', () => api);

const { closeCallback, upcomingCallbacksView, useCallbacksStore } = await import('./callbacksStore');

const callback = (id: number, over: Partial<Callback> = {}) =>
  ({
    id,
    campaignId: 7,
    dueAt: `2026-12-08T1${id}:00:00.000Z`,
    status: 'scheduled',
    updatedAt: '2026-12-07T11:00:00.000Z',
    ...over,
  }) as Callback;
const later = { updatedAt: '2026-12-07T11:30:00.000Z' };

describe('the upcoming callbacks store', () => {
  const store = () => useCallbacksStore.getState();
  let hide: () => void = () => undefined;

  beforeEach(async () => {
    vi.useFakeTimers();
    api.fetchCampaignCallbacks.mockReset().mockResolvedValue([callback(2), callback(1)]);
    hide = store().show('campaign:7', () => upcomingCallbacksView(7));
    await vi.advanceTimersByTimeAsync(0);
  });
  afterEach(() => {
    hide();
    vi.useRealTimers();
  });

  it("reads the campaign's scheduled ones, soonest first, and adds a new one pushed", () => {
    expect(api.fetchCampaignCallbacks).toHaveBeenCalledWith(7, 'scheduled');
    expect(store().items.map((c) => c.id)).toEqual([1, 2]);
    store().receive(callback(3));
    store().receive(callback(4, { campaignId: 8 }));
    expect(store().items.map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it('drops one the owner canceled or handled, and one the dialer placed', async () => {
    api.cancelCallback.mockResolvedValue(callback(1, { status: 'canceled', ...later }));
    api.markCallbackHandled.mockResolvedValue(callback(2, { status: 'handled', ...later }));
    await closeCallback(1, 'cancel');
    await closeCallback(2, 'handled');
    expect(store().items).toEqual([]);
    store().receive(callback(5));
    store().receive(callback(5, { status: 'called', ...later }));
    expect(store().items).toEqual([]);
  });
});
