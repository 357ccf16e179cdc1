import type { AdminSupportTicket, SupportTicket as SupportTicketDto } from '@ringcast/shared-types';
import type { SupportTicket, User } from '../db/models';

export function presentSupportTicket(ticket: SupportTicket): SupportTicketDto {
  return {
    id: ticket.id,
    userId: ticket.userId,
    subject: ticket.subject,
    message: ticket.message,
    status: ticket.status,
    adminResponse: ticket.adminResponse ?? null,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
}

/** For the admin list: the ticket with its owner's name and email (the owner loaded as `User`). */
export function presentAdminSupportTicket(ticket: SupportTicket & { User?: User }): AdminSupportTicket {
  return {
    ...presentSupportTicket(ticket),
    firstName: ticket.User?.firstName ?? '',
    lastName: ticket.User?.lastName ?? '',
    email: ticket.User?.email ?? '',
  };
}
