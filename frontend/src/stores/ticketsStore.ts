import { create } from 'zustand';
import type { CreateSupportTicketInput, SupportTicket } from '@ringcast/shared-types';
import { createSupportTicket, fetchSupportTickets } from '../api/supportTickets';
import { onSignOut, useAuthStore } from './authStore';

type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

interface TicketsState {
  tickets: SupportTicket[];
  status: LoadStatus;
  /** Reads the user's tickets; newer copies already held (from a push) are kept. */
  fetchTickets: () => Promise<void>;
  createTicket: (input: CreateSupportTicketInput) => Promise<SupportTicket>;
  /** A `ticket:updated` push. Admins also hear about other people's tickets; those are ignored here. */
  receive: (ticket: SupportTicket) => void;
  clear: () => void;
}

const newestFirst = (a: SupportTicket, b: SupportTicket) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/** Upserts by id; a copy older (by updatedAt) than the one held is ignored. */
export function mergeTickets(held: SupportTicket[], incoming: SupportTicket[]): SupportTicket[] {
  const byId = new Map(held.map((t) => [t.id, t]));
  for (const ticket of incoming) {
    const current = byId.get(ticket.id);
    if (!current || Date.parse(ticket.updatedAt) >= Date.parse(current.updatedAt))
      byId.set(ticket.id, ticket);
  }
  return [...byId.values()].sort(newestFirst);
}

// Bumped on sign-out so an answer for the previous session is dropped.
let generation = 0;

export const useTicketsStore = create<TicketsState>((set, get) => ({
  tickets: [],
  status: 'idle',

  fetchTickets: async () => {
    const gen = generation;
    if (get().status !== 'ready') set({ status: 'loading' });
    try {
      const tickets = await fetchSupportTickets();
      if (gen === generation) set((s) => ({ tickets: mergeTickets(s.tickets, tickets), status: 'ready' }));
    } catch (err) {
      console.error('Could not load support tickets', err);
      if (gen === generation && get().status !== 'ready') set({ status: 'error' });
    }
  },

  createTicket: async (input) => {
    const ticket = await createSupportTicket(input);
    set((s) => ({ tickets: mergeTickets(s.tickets, [ticket]) }));
    return ticket;
  },

  receive: (ticket) => {
    if (ticket.userId !== useAuthStore.getState().user?.id) return;
    set((s) => ({ tickets: mergeTickets(s.tickets, [ticket]) }));
  },

  clear: () => {
    generation++;
    set({ tickets: [], status: 'idle' });
  },
}));

onSignOut(() => useTicketsStore.getState().clear());
