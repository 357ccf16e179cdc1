import { useState } from 'react';
import { Button, Card, Input, Space } from 'antd';
import {
  TEXT_MAX,
  ticketActionsFor,
  type AdminSupportTicket,
  type TicketStatus,
} from '@ringcast/shared-types';
import { TicketStatusTag } from '../../../components/tickets/TicketStatusTag';
import { toast } from '../../../components/toast/toastStore';
import { respondToTicket } from '../../../stores/adminActions';
import { ADMIN_WRITE_ERROR, showRequestError } from '../../../api/errorPolicy';
import { formatDateTime, personName } from '../components/format';

/**
 * One ticket with the response box and the actions its status allows (spec §4): Mark In Progress
 * and Mark Resolved until it is resolved, then Close Ticket. Each sends the response with the status.
 */
export function TicketItem({ ticket }: { ticket: AdminSupportTicket }) {
  // Null until the admin types: the box follows the saved response (also when another admin answers).
  const [typed, setTyped] = useState<string | null>(null);
  const [pending, setPending] = useState<TicketStatus | null>(null);
  const response = typed ?? ticket.adminResponse ?? '';
  const headingId = `admin-ticket-${ticket.id}-subject`;
  const responseId = `admin-ticket-${ticket.id}-response`;

  const act = async (status: TicketStatus) => {
    if (pending) return;
    setPending(status);
    try {
      await respondToTicket(ticket, status, response);
      setTyped(null);
      toast({ title: 'Ticket Updated', description: 'The support ticket has been updated.' });
    } catch (err) {
      showRequestError(err, ADMIN_WRITE_ERROR);
    } finally {
      setPending(null);
    }
  };

  return (
    <Card
      size="small"
      role="article"
      aria-labelledby={headingId}
      data-ticket-id={ticket.id}
      title={
        <h3 id={headingId} className="rc-admin-card-heading">
          {ticket.subject}
        </h3>
      }
      extra={<TicketStatusTag status={ticket.status} />}
    >
      <p className="rc-admin-meta">
        <span>
          From <strong>{personName(ticket)}</strong> ({ticket.email})
        </span>
        <span>
          Created <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
        </span>
        <span>
          Updated <time dateTime={ticket.updatedAt}>{formatDateTime(ticket.updatedAt)}</time>
        </span>
      </p>
      <p className="rc-admin-pre rc-admin-message">{ticket.message}</p>
      <div className="rc-field">
        <label htmlFor={responseId} className="rc-field-label">
          Response
        </label>
        <Input.TextArea
          id={responseId}
          rows={3}
          maxLength={TEXT_MAX}
          placeholder="Write a response to the customer"
          value={response}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
      <Space wrap style={{ marginTop: 12 }}>
        {ticketActionsFor(ticket.status).map((action) => (
          <Button
            key={action.status}
            type={action.status === 'resolved' ? 'primary' : 'default'}
            loading={pending === action.status}
            disabled={pending !== null && pending !== action.status}
            onClick={() => void act(action.status)}
          >
            {action.label}
          </Button>
        ))}
      </Space>
    </Card>
  );
}
