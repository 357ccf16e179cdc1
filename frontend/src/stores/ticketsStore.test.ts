import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SupportTicket, User } from '@ringcast/shared-types';

const api = vi.hoisted(() => ({ fetchSupportTickets: vi.fn(), createSupportTicket: vi.fn() }));
vi.mock('../api/supportTickets', () => api);

const { useTicketsStore } = await import('./ticketsStore');
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

describe('ticketsStore', () => {
  beforeEach(() => {
    useTicketsStore.getState().clear();
    useAuthStore.setState({ user: { id: 1 } as User, status: 'authenticated' });
    api.fetchSupportTickets.mockReset();
    api.createSupportTicket.mockReset();
  });

  it('loads tickets newest first, and a slow answer does not undo a newer push', async () => {
    let answer: (tickets: SupportTicket[]) => void = () => {};
    api.fetchSupportTickets.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const loading = useTicketsStore.getState().fetchTickets();
    expect(useTicketsStore.getState().status).toBe('loading');
    useTicketsStore
      .getState()
      .receive(ticket(1, { status: 'in_progress', updatedAt: '2025-01-01T10:00:00.500Z' }));
    answer([ticket(1), ticket(2)]);
    await loading;
    const { tickets, status } = useTicketsStore.getState();
    expect(status).toBe('ready');
    expect(tickets.map((t) => [t.id, t.status])).toEqual([
      [2, 'open'],
      [1, 'in_progress'],
    ]);
  });

  it("adds a new ticket from the answer, then takes the team's reply from a push", async () => {
    api.createSupportTicket.mockResolvedValue(ticket(3));
    await useTicketsStore
      .getState()
      .createTicket({ subject: 'Ticket 3', message: 'Something is not working.' });
    const answered = ticket(3, {
      status: 'in_progress',
      adminResponse: 'Looking into it.',
      updatedAt: '2025-01-03T10:05:00.000Z',
    });
    useTicketsStore.getState().receive(answered);
    expect(useTicketsStore.getState().tickets).toEqual([answered]);
  });

  it("ignores pushes about other users' tickets (an admin hears them all)", () => {
    useTicketsStore.getState().receive(ticket(5, { userId: 99 }));
    expect(useTicketsStore.getState().tickets).toEqual([]);
  });
});
