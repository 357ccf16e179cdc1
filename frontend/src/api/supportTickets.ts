import type { CreateSupportTicketInput, SupportTicket } from '@ringcast/shared-types';
import { api } from './client';

/** The signed-in user's tickets, newest first. */
export const fetchSupportTickets = () => api.get<SupportTicket[]>('/api/support-tickets');

export const createSupportTicket = (input: CreateSupportTicketInput) =>
  api.post<SupportTicket>('/api/support-tickets', input);
