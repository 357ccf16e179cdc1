import type { Transaction } from 'sequelize';
import {
  ticketTransitionError,
  type CreateSupportTicketInput,
  type UpdateSupportTicketInput,
} from '@ringcast/shared-types';
import { sequelize } from '../db/sequelize';
import { SupportTicket } from '../db/models';
import { conflict, notFound } from '../errors';
import { publish } from '../events/publish';
import { presentSupportTicket } from '../presenters/supportTicket';
import { changedFields, recordAudit, type AuditActor } from './auditLog';
import { notifyTicketAnswered } from './notifications';

export const SUPPORT_TICKET_NOT_FOUND = 'Support ticket not found';

const NEWEST_FIRST: [string, string][] = [['createdAt', 'DESC']];

/** Tells the owner's tabs and every admin, once the change is committed. */
function announce(ticket: SupportTicket, transaction: Transaction): SupportTicket {
  publish('ticket:updated', presentSupportTicket(ticket), { userId: ticket.userId, transaction });
  return ticket;
}

export function listUserTickets(userId: number): Promise<SupportTicket[]> {
  return SupportTicket.findAll({ where: { userId }, order: NEWEST_FIRST });
}

export function createSupportTicket(userId: number, input: CreateSupportTicketInput): Promise<SupportTicket> {
  return sequelize.transaction(async (transaction) => {
    const ticket = await SupportTicket.create(
      { userId, subject: input.subject, message: input.message, status: 'open' },
      { transaction },
    );
    return announce(ticket, transaction);
  });
}

const auditedFields = (ticket: SupportTicket) => ({
  status: ticket.status,
  adminResponse: ticket.adminResponse ?? null,
});

/**
 * An admin moves a ticket on (spec §4); the response text is saved with the new status, and the
 * change is audited in the same transaction.
 */
export function updateSupportTicket(
  actor: AuditActor,
  id: number,
  input: UpdateSupportTicketInput,
): Promise<SupportTicket> {
  return sequelize.transaction(async (transaction) => {
    const ticket = await SupportTicket.findByPk(id, { transaction, lock: true });
    if (!ticket) throw notFound(SUPPORT_TICKET_NOT_FOUND);
    const refused = ticketTransitionError(ticket.status, input.status);
    if (refused) throw conflict(refused);
    const before = auditedFields(ticket);
    await ticket.update(
      { status: input.status, ...(input.adminResponse ? { adminResponse: input.adminResponse } : {}) },
      { transaction },
    );
    const diff = changedFields(before, auditedFields(ticket));
    // A new answer is mailed to the ticket's owner once this commits (if they keep ticket emails on).
    if (ticket.adminResponse && ticket.adminResponse !== before.adminResponse)
      await notifyTicketAnswered(ticket, transaction);
    if (diff)
      await recordAudit(
        { actor, action: 'ticket.update', entityType: 'ticket', entityId: ticket.id, ...diff },
        transaction,
      );
    return announce(ticket, transaction);
  });
}
