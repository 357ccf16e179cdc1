import { Card, Typography } from 'antd';
import type { SupportTicket } from '@ringcast/shared-types';
import { TicketStatusTag } from '../../../components/tickets/TicketStatusTag';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const responseStyle = {
  marginTop: 12,
  padding: '12px 16px',
  borderRadius: 8,
  borderInlineStart: '3px solid var(--rc-primary)',
  background: '#eef2ff',
};

/** One ticket: subject, status, message, dates, and the team's answer when there is one. */
export function TicketCard({ ticket }: { ticket: SupportTicket }) {
  const headingId = `ticket-${ticket.id}-subject`;
  return (
    <Card
      size="small"
      role="article"
      aria-labelledby={headingId}
      data-ticket-id={ticket.id}
      title={
        <h3 id={headingId} style={{ margin: 0, fontSize: 15, whiteSpace: 'normal' }}>
          {ticket.subject}
        </h3>
      }
      extra={<TicketStatusTag status={ticket.status} />}
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}>
        {ticket.message}
      </Typography.Paragraph>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Created <time dateTime={ticket.createdAt}>{formatDate(ticket.createdAt)}</time>
        {' · '}
        Updated <time dateTime={ticket.updatedAt}>{formatDate(ticket.updatedAt)}</time>
      </Typography.Text>
      {ticket.adminResponse && (
        <div style={responseStyle}>
          <Typography.Text strong>Admin Response</Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>
            {ticket.adminResponse}
          </Typography.Paragraph>
        </div>
      )}
    </Card>
  );
}
