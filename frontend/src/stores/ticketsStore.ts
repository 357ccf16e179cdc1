import type { CreateSupportTicketInput, SupportTicket } from '@ringcast/shared-types';
import { createSupportTicket, fetchSupportTickets } from '../api/supportTickets';
import { createResourceStore } from './createResourceStore';

const newestFirst = (a: SupportTicket, b: SupportTicket) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/** The signed-in user's support tickets, newest first. */
export const useTicketsStore = createResourceStore({
  keys: { items: 'tickets', fetch: 'fetchTickets' },
  label: 'support tickets',
  read: fetchSupportTickets,
  order: newestFirst,
  actions: ({ write }) => ({
    createTicket: (input: CreateSupportTicketInput) =>
      write(
        () => createSupportTicket(input),
        (ticket) => ticket,
      ),
  }),
});
