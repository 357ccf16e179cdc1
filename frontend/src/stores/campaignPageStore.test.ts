import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallActivity, Campaign, CampaignDialing, User } from '@ringcast/shared-types';

const api = vi.hoisted(() => ({ fetchCampaign: vi.fn(), fetchCallActivity: vi.fn() }));
vi.mock('../api/calls', () => api);

const { CALL_ACTIVITY_REREAD_MS, mergeCampaign, useCampaignPageStore } = await import('./campaignPageStore');
const { useAuthStore } = await import('./authStore');

const dialing: CampaignDialing = {
  callsInFlight: 2,
  prospectsRemaining: 10,
  monthBillableCalls: 3,
  notDialingReason: null,
  answeredByPerson: 2,
  voicemails: 1,
  nextCallAt: null,
  nextCallTimeZone: null,
};
const campaign = (updatedAt: string, withDialing?: CampaignDialing, over: Partial<Campaign> = {}) =>
  ({
    id: 1,
    userId: 1,
    updatedAt,
    status: 'active',
    totalCalls: 5,
    dialing: withDialing,
    ...over,
  }) as Campaign;

describe('mergeCampaign', () => {
  it('takes a copy with its dialing state as it is', () => {
    const next = campaign('2026-11-26T10:00:01.000Z', { ...dialing, callsInFlight: 1 });
    expect(mergeCampaign(campaign('2026-11-26T10:00:00.000Z', dialing), next)).toBe(next);
  });

  it('accepts the same updatedAt: the dialing state moves without the row changing', () => {
    const next = campaign('2026-11-26T10:00:00.000Z', { ...dialing, callsInFlight: 0 });
    expect(mergeCampaign(campaign('2026-11-26T10:00:00.000Z', dialing), next)).toBe(next);
  });

  it('ignores an older copy', () => {
    expect(
      mergeCampaign(campaign('2026-11-26T10:00:01.000Z', dialing), campaign('2026-11-26T10:00:00.000Z')),
    ).toBeNull();
  });

  it("keeps the held dialing state under a write's answer, which has none", () => {
    const merged = mergeCampaign(
      campaign('2026-11-26T10:00:00.000Z', dialing),
      campaign('2026-11-26T10:00:05.000Z'),
    );
    expect(merged?.dialing).toBe(dialing);
    expect(merged?.updatedAt).toBe('2026-11-26T10:00:05.000Z');
  });
});

describe('the campaign page store', () => {
  const page = () => useCampaignPageStore.getState();
  const activity = { range: 'today', bucket: 'hour', points: [] } as CallActivity;
  let leave: (() => void) | undefined;

  beforeEach(async () => {
    vi.useFakeTimers();
    useAuthStore.setState({ user: { id: 1 } as User, status: 'authenticated' });
    api.fetchCampaign.mockReset().mockResolvedValue(campaign('2026-11-26T10:00:00.000Z', dialing));
    api.fetchCallActivity.mockReset().mockResolvedValue(activity);
    leave = page().show(1);
    await vi.advanceTimersByTimeAsync(0);
    api.fetchCampaign.mockClear();
    api.fetchCallActivity.mockClear();
  });
  afterEach(() => {
    leave?.();
    vi.useRealTimers();
  });

  it('shows a pushed campaign with its dialing state as it is, and reads nothing for it', async () => {
    const pushed = campaign('2026-11-26T10:00:00.000Z', {
      ...dialing,
      callsInFlight: 7,
      notDialingReason: 'paused',
    });
    page().receive(pushed);
    expect(page().campaign).toBe(pushed);
    // A person's change (the owner's write answer, then its push) reads nothing either.
    page().receive(campaign('2026-11-26T10:00:09.000Z', undefined, { name: 'Renamed' }));
    expect(page().campaign).toMatchObject({ name: 'Renamed', dialing: pushed.dialing });
    await vi.advanceTimersByTimeAsync(CALL_ACTIVITY_REREAD_MS * 5);
    expect(api.fetchCampaign).not.toHaveBeenCalled();
    expect(api.fetchCallActivity).not.toHaveBeenCalled();
  });

  it('reads the chart, which no push carries, once per burst of pushes that move the totals', async () => {
    for (let n = 6; n <= 20; n++)
      page().receive(campaign('2026-11-26T10:00:00.000Z', dialing, { totalCalls: n }));
    expect(page().campaign?.totalCalls).toBe(20);
    await vi.advanceTimersByTimeAsync(CALL_ACTIVITY_REREAD_MS - 1);
    expect(api.fetchCallActivity).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.fetchCallActivity).toHaveBeenCalledTimes(1);
    expect(api.fetchCampaign).not.toHaveBeenCalled();
  });

  it("ignores another campaign's push, and another user's", () => {
    const held = page().campaign;
    page().receive(campaign('2026-11-26T10:00:05.000Z', dialing, { id: 2 }));
    page().receive(campaign('2026-11-26T10:00:05.000Z', dialing, { userId: 2 }));
    expect(page().campaign).toBe(held);
  });
});
