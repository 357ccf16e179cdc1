import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SupportTicket, User } from '@ringcast/shared-types';

const api = vi.hoisted(() => ({ fetchSupportTickets: vi.fn(), createSupportTicket: vi.fn() }));
vi.mock('../api/supportTickets', () => api);

const { mergeTickets, useTicketsStore } = await import('./ticketsStore');
const { useAuthStore } = await import('./authStore');

const ticket = (id: number, overrides: Partial<SupportTicket> = {}): SupportTicket => ({
  id,
  userId: 1,
  subject: `Ticket ${id}`,
  message: 'Something is not working.',
  status: 'open',
  adminResponse: null,
  createdAt: `2025-01-0${id}T10:00:00.000Z`,
  updatedAt: `2025-01-0${id}T10:00:00.000Z`,
  ...overrides,
});

describe('mergeTickets', () => {
  it('upserts by id and keeps newest first', () => {
    const merged = mergeTickets([ticket(1)], [ticket(3), ticket(2)]);
    expect(merged.map((t) => t.id)).toEqual([3, 2, 1]);
  });

  it('ignores a copy older than the one held, accepts a newer or equal one', () => {
    const newer = ticket(1, { status: 'resolved', updatedAt: '2025-02-01T00:00:00.000Z' });
    expect(mergeTickets([newer], [ticket(1)])[0].status).toBe('resolved');
    const later = { ...newer, adminResponse: 'Done' };
    expect(mergeTickets([newer], [later])[0].adminResponse).toBe('Done');
  });
});

describe('ticketsStore', () => {
  beforeEach(() => {
    useTicketsStore.getState().clear();
    useAuthStore.setState({ user: { id: 1 } as User, status: 'authenticated' });
    api.fetchSupportTickets.mockReset();
  });

  it('loads tickets, and a slow answer does not undo a newer push', async () => {
    let answer: (tickets: SupportTicket[]) => void = () => {};
    api.fetchSupportTickets.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const loading = useTicketsStore.getState().fetchTickets();
    expect(useTicketsStore.getState().status).toBe('loading');
    useTicketsStore
      .getState()
      .receive(ticket(1, { status: 'in_progress', updatedAt: '2025-03-01T00:00:00.000Z' }));
    answer([ticket(1), ticket(2)]);
    await loading;
    const { tickets, status } = useTicketsStore.getState();
    expect(status).toBe('ready');
    expect(tickets.map((t) => [t.id, t.status])).toEqual([
      [2, 'open'],
      [1, 'in_progress'],
    ]);
  });

  it("ignores pushes about other users' tickets (an admin hears them all)", () => {
    useTicketsStore.getState().receive(ticket(5, { userId: 99 }));
    expect(useTicketsStore.getState().tickets).toEqual([]);
  });

  it('drops an answer that arrives after sign-out', async () => {
    let answer: (tickets: SupportTicket[]) => void = () => {};
    api.fetchSupportTickets.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const loading = useTicketsStore.getState().fetchTickets();
    useTicketsStore.getState().clear();
    answer([ticket(1)]);
    await loading;
    expect(useTicketsStore.getState()).toMatchObject({ tickets: [], status: 'idle' });
  });
});
