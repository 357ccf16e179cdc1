import { useAdminTicketsStore } from '../../../stores/adminStores';
import { ListFrame } from '../components/ListFrame';
import { useAdminList } from '../components/useAdminList';
import { TicketItem } from './TicketItem';

/** Tickets still needing attention, newest first; a closed one leaves, a new one arrives live. */
export function SupportTab({ q }: { q: string }) {
  const list = useAdminList(useAdminTicketsStore, q);
  return (
    <ListFrame
      noun="tickets"
      one="ticket"
      q={q}
      count={list.items.length}
      emptyText="No open support tickets."
      onPage={list.setPage}
      onRetry={() => void list.refresh()}
      {...list}
    >
      <div className="rc-admin-cards">
        {list.items.map((ticket) => (
          <TicketItem key={ticket.id} ticket={ticket} />
        ))}
      </div>
    </ListFrame>
  );
}
