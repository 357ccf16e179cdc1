import { Alert, Spin } from 'antd';
import { useLiveResource } from '../../../realtime/useLiveResource';
import { useTicketsStore } from '../../../stores/ticketsStore';
import { TicketCard } from './TicketCard';

/** The user's tickets, newest first, updated live as the team answers. */
export function TicketList() {
  useLiveResource(useTicketsStore((s) => s.fetchTickets));
  const tickets = useTicketsStore((s) => s.tickets);
  const status = useTicketsStore((s) => s.status);

  if (tickets.length === 0) {
    if (status === 'loading' || status === 'idle')
      return <Spin style={{ display: 'block', margin: '24px auto' }} />;
    if (status === 'error')
      return <Alert type="error" showIcon title="Could not load your support tickets." />;
    return <p className="rc-empty">No support tickets yet.</p>;
  }
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {tickets.map((ticket) => (
        <TicketCard key={ticket.id} ticket={ticket} />
      ))}
    </div>
  );
}
