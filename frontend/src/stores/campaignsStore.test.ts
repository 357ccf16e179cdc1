import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Campaign, User } from '@ringcast/shared-types';

const api = vi.hoisted(() => ({
  fetchCampaigns: vi.fn(),
  createCampaign: vi.fn(),
  updateCampaign: vi.fn(),
  deleteCampaign: vi.fn(),
}));
vi.mock('../api/campaigns', () => api);

const { useCampaignsStore } = await import('./campaignsStore');
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

describe('campaignsStore', () => {
  beforeEach(() => {
    useCampaignsStore.getState().clear();
    useAuthStore.setState({ user: { id: 1 } as User, status: 'authenticated' });
    Object.values(api).forEach((fn) => fn.mockReset());
  });

  it('reads the campaigns newest first; a slow read neither undoes a newer push nor brings back a deleted one', async () => {
    let answer: (campaigns: Campaign[]) => void = () => {};
    api.fetchCampaigns.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const loading = useCampaignsStore.getState().fetchCampaigns();
    const { receive, receiveDeleted } = useCampaignsStore.getState();
    receive(campaign(1, { status: 'active', updatedAt: '2025-03-01T00:00:00.001Z' }));
    receiveDeleted({ id: 2 });
    answer([campaign(1), campaign(2), campaign(3)]);
    await loading;
    expect(useCampaignsStore.getState().campaigns.map((c) => [c.id, c.status])).toEqual([
      [3, 'draft'],
      [1, 'active'],
    ]);
  });

  it('stores the answer of a status change, and removes a deleted campaign', async () => {
    useCampaignsStore.getState().receive(campaign(1));
    const paused = campaign(1, { status: 'paused', updatedAt: '2025-01-01T10:00:00.250Z' });
    api.updateCampaign.mockResolvedValue(paused);
    await expect(useCampaignsStore.getState().setStatus(1, 'paused')).resolves.toEqual(paused);
    expect(api.updateCampaign).toHaveBeenCalledWith(1, { status: 'paused' });
    expect(useCampaignsStore.getState().campaigns).toEqual([paused]);
    api.deleteCampaign.mockResolvedValue(undefined);
    await useCampaignsStore.getState().deleteCampaign(1);
    expect(api.deleteCampaign).toHaveBeenCalledWith(1);
    expect(useCampaignsStore.getState().campaigns).toEqual([]);
  });

  it("ignores pushes about other users' campaigns (an admin hears them all)", () => {
    useCampaignsStore.getState().receive(campaign(5, { userId: 99 }));
    expect(useCampaignsStore.getState().campaigns).toEqual([]);
  });
});
