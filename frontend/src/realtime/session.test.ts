import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOverview, AdminPayment, Campaign, SupportTicket, User } from '@ringcast/shared-types';

vi.mock('socket.io-client', async () => ({ io: (await import('./testing/fakeSocketIo')).fakeSocketIo.io }));
const api = vi.hoisted(() => ({ fetchCampaigns: vi.fn(), fetchSupportTickets: vi.fn() }));
vi.mock('../api/campaigns', () => ({ fetchCampaigns: api.fetchCampaigns }));
vi.mock('../api/supportTickets', () => ({ fetchSupportTickets: api.fetchSupportTickets }));

const { fakeSocketIo: fake } = await import('./testing/fakeSocketIo');
const { openRealtimeSession, closeRealtimeSession } = await import('./session');
const { useAuthStore } = await import('../stores/authStore');
const { useCampaignsStore } = await import('../stores/campaignsStore');
const { useTicketsStore } = await import('../stores/ticketsStore');
const { useAdminOverviewStore } = await import('../stores/adminOverviewStore');

const campaign = {
  id: 4,
  userId: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const payment = { status: 'succeeded', amount: 25_000 } as AdminPayment;
const signedIn = () => Promise.resolve(true);

/** The overview an admin has on screen, to see whether admin pushes reach it. */
function heldOverview() {
  useAdminOverviewStore.setState({
    overview: { totalRevenueCents: 0, recentCampaigns: [] } as unknown as AdminOverview,
    status: 'ready',
  });
}
const revenue = () => useAdminOverviewStore.getState().overview?.totalRevenueCents;

describe('realtime session', () => {
  beforeEach(() => {
    closeRealtimeSession();
    useCampaignsStore.getState().clear();
    useTicketsStore.getState().clear();
    useAdminOverviewStore.getState().clear();
    useAuthStore.setState({ user: { id: 1 } as User, status: 'authenticated' });
    api.fetchCampaigns.mockReset().mockResolvedValue([]);
    api.fetchSupportTickets.mockReset().mockResolvedValue([]);
  });

  it("feeds the owner's pushes into the stores, with no page mounted", () => {
    openRealtimeSession({ isAdmin: false }, signedIn);
    fake.push('campaign:updated', campaign as Campaign);
    fake.push('ticket:updated', { ...campaign, status: 'open' } as unknown as SupportTicket);
    expect(useCampaignsStore.getState().campaigns.map((c) => c.id)).toEqual([4]);
    expect(useTicketsStore.getState().tickets.map((t) => t.id)).toEqual([4]);
  });

  it('attaches the admin handlers only for an admin', () => {
    heldOverview();
    openRealtimeSession({ isAdmin: false }, signedIn);
    fake.push('payment:recorded', payment);
    expect(revenue()).toBe(0);

    openRealtimeSession({ isAdmin: true }, signedIn);
    fake.push('payment:recorded', payment);
    expect(revenue()).toBe(25_000);
  });

  it('detaches every handler when the session closes', () => {
    heldOverview();
    openRealtimeSession({ isAdmin: true }, signedIn);
    closeRealtimeSession();
    fake.push('campaign:updated', campaign as Campaign);
    fake.push('payment:recorded', payment);
    expect(useCampaignsStore.getState().campaigns).toEqual([]);
    expect(revenue()).toBe(0);
  });

  it('after a reconnect, reads again only the stores that were read', async () => {
    openRealtimeSession({ isAdmin: false }, signedIn);
    await useCampaignsStore.getState().fetchCampaigns();
    fake.fire('connect');
    fake.fire('disconnect', 'transport close');
    fake.fire('connect');
    expect(api.fetchCampaigns).toHaveBeenCalledTimes(2);
    expect(api.fetchSupportTickets).not.toHaveBeenCalled();
  });
});
