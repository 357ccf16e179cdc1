import { Tag } from 'antd';
import { ticketStatusLabel, type TicketStatus } from '@ringcast/shared-types';

const COLORS: Record<TicketStatus, string> = {
  open: 'blue',
  in_progress: 'gold',
  resolved: 'green',
  closed: 'default',
};

/** A ticket's status as a coloured tag, underscores shown as spaces ("in progress"). */
export function TicketStatusTag({ status }: { status: TicketStatus }) {
  return (
    <Tag color={COLORS[status] ?? 'default'} data-status={status} style={{ marginInlineEnd: 0 }}>
      {ticketStatusLabel(status)}
    </Tag>
  );
}
