import { onReconnect, subscribe } from '../socket';
import { useTicketsStore } from '../../stores/ticketsStore';

/** The owner's support tickets, as the team answers them. */
export const ticketHandlers = () => [
  subscribe('ticket:updated', (ticket) => useTicketsStore.getState().receive(ticket)),
  onReconnect(() => useTicketsStore.getState().catchUp()),
];
