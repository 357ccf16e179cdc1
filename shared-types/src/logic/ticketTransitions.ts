import type { TicketStatus } from '../domain/supportTicket';

/** The admin's actions on a ticket (spec §4), in the order the admin screen offers them. */
export const TICKET_ACTIONS = [
  { status: 'in_progress', label: 'Mark In Progress' },
  { status: 'resolved', label: 'Mark Resolved' },
  { status: 'closed', label: 'Close Ticket' },
] as const satisfies readonly { status: TicketStatus; label: string }[];

/**
 * Why a ticket may not move from `from` to `to`, or null when it may: In Progress and Resolved
 * while the ticket is neither resolved nor closed; Close only once it is resolved.
 */
export function ticketTransitionError(from: TicketStatus, to: TicketStatus): string | null {
  if (from === 'closed') return 'This ticket is closed and can no longer be changed.';
  if (to === 'open') return 'A ticket cannot be moved back to open.';
  if (to === 'closed') return from === 'resolved' ? null : 'Only a resolved ticket can be closed.';
  if (from === 'resolved') return 'This ticket is resolved; it can only be closed.';
  return null;
}

export const canChangeTicketStatus = (from: TicketStatus, to: TicketStatus) =>
  ticketTransitionError(from, to) === null;

/** The actions to offer for a ticket in this status. */
export const ticketActionsFor = (status: TicketStatus) =>
  TICKET_ACTIONS.filter((action) => canChangeTicketStatus(status, action.status));

/** "in_progress" -> "in progress", as the ticket lists show a status. */
export const ticketStatusLabel = (status: string) => status.replace(/_/g, ' ');
