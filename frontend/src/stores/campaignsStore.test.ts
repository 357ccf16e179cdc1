import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Campaign, User } from '@ringcast/shared-types';

const api = vi.hoisted(() => ({
  fetchCampaigns: vi.fn(),
  createCampaign: vi.fn(),
  updateCampaign: vi.fn(),
  deleteCampaign: vi.fn(),
}));
vi.mock('../api/campaigns', () => api);

const { mergeCampaigns, reconcileCampaigns, useCampaignsStore } = await import('./campaignsStore');
const { useAuthStore } = await import('./authStore');

const campaign = (id: number, overrides: Partial<Campaign> = {}): Campaign =>
  ({
    id,
    userId: 1,
    name: `Campaign ${id}`,
    status: 'draft',
    createdAt: `2025-01-0${id}T10:00:00.000Z`,
    updatedAt: `2025-01-0${id}T10:00:00.000Z`,
    ...overrides,
  }) as Campaign;

const none = { changed: new Set<number>(), deleted: new Set<number>() };

/** A fetch whose answer the test releases when it likes. */
function pendingFetch() {
  let answer: (campaigns: Campaign[]) => void = () => {};
  api.fetchCampaigns.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  return (campaigns: Campaign[]) => answer(campaigns);
}

describe('mergeCampaigns', () => {
  it('upserts by id, newest first, and ignores an older copy', () => {
    expect(mergeCampaigns([campaign(1)], [campaign(3), campaign(2)]).map((c) => c.id)).toEqual([3, 2, 1]);
    const newer = campaign(1, { status: 'paused', updatedAt: '2025-02-01T00:00:00.000Z' });
    expect(mergeCampaigns([newer], [campaign(1)])[0].status).toBe('paused');
  });
});

describe('reconcileCampaigns', () => {
  it('a read drops campaigns deleted elsewhere', () => {
    expect(reconcileCampaigns([campaign(1), campaign(2)], [campaign(2)], none).map((c) => c.id)).toEqual([2]);
  });

  it('keeps what changed after the read began', () => {
    const created = campaign(3);
    const paused = campaign(1, { status: 'paused', updatedAt: '2025-03-01T00:00:00.000Z' });
    const result = reconcileCampaigns([created, paused, campaign(2)], [campaign(1), campaign(2)], {
      changed: new Set([3, 1]),
      deleted: new Set(),
    });
    expect(result.map((c) => [c.id, c.status])).toEqual([
      [3, 'draft'],
      [2, 'draft'],
      [1, 'paused'],
    ]);
    expect(
      reconcileCampaigns([], [campaign(1), campaign(2)], { changed: new Set(), deleted: new Set([2]) }),
    ).toEqual([campaign(1)]);
  });
});

describe('campaignsStore', () => {
  beforeEach(() => {
    useCampaignsStore.getState().clear();
    useAuthStore.setState({ user: { id: 1 } as User, status: 'authenticated' });
    Object.values(api).forEach((fn) => fn.mockReset());
  });

  it('a slow read neither undoes a newer push nor brings back a deleted campaign', async () => {
    const answer = pendingFetch();
    const loading = useCampaignsStore.getState().fetchCampaigns();
    expect(useCampaignsStore.getState().status).toBe('loading');
    const { receive, receiveDeleted } = useCampaignsStore.getState();
    receive(campaign(1, { status: 'active', updatedAt: '2025-03-01T00:00:00.000Z' }));
    receiveDeleted({ id: 2 });
    answer([campaign(1), campaign(2)]);
    await loading;
    const { campaigns, status } = useCampaignsStore.getState();
    expect(status).toBe('ready');
    expect(campaigns.map((c) => [c.id, c.status])).toEqual([[1, 'active']]);
  });

  it("ignores pushes about other users' campaigns (an admin hears them all)", () => {
    useCampaignsStore.getState().receive(campaign(5, { userId: 99 }));
    expect(useCampaignsStore.getState().campaigns).toEqual([]);
  });

  it('stores the answer of a status change, and removes a deleted campaign', async () => {
    useCampaignsStore.getState().receive(campaign(1));
    const paused = campaign(1, { status: 'paused', updatedAt: '2025-03-01T00:00:00.000Z' });
    api.updateCampaign.mockResolvedValue(paused);
    await useCampaignsStore.getState().setStatus(1, 'paused');
    expect(api.updateCampaign).toHaveBeenCalledWith(1, { status: 'paused' });
    expect(useCampaignsStore.getState().campaigns).toEqual([paused]);
    api.deleteCampaign.mockResolvedValue(undefined);
    await useCampaignsStore.getState().deleteCampaign(1);
    expect(useCampaignsStore.getState().campaigns).toEqual([]);
  });

  it('drops an answer that arrives after sign-out', async () => {
    const answer = pendingFetch();
    const loading = useCampaignsStore.getState().fetchCampaigns();
    useCampaignsStore.getState().clear();
    answer([campaign(1)]);
    await loading;
    expect(useCampaignsStore.getState()).toMatchObject({ campaigns: [], status: 'idle' });
  });
});
