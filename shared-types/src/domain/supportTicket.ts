export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** The statuses the admin overview counts as open tickets. */
export const OPEN_TICKET_STATUSES: readonly TicketStatus[] = ['open', 'in_progress'];

export interface SupportTicket {
  id: number;
  userId: number;
  subject: string;
  message: string;
  status: TicketStatus;
  adminResponse: string | null;
  createdAt: string;
  updatedAt: string;
}
