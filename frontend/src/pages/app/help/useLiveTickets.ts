import { useEffect } from 'react';
import { onReconnect, subscribe } from '../../../realtime/socket';
import { useFallbackPoll } from '../../../realtime/useFallbackPoll';
import { useTicketsStore } from '../../../stores/ticketsStore';

/**
 * Keeps the ticket store current while the list is on screen: one read on mount, pushes as they
 * come, a read after each reconnect, and polling only while the socket is down.
 */
export function useLiveTickets() {
  const fetchTickets = useTicketsStore((s) => s.fetchTickets);
  const receive = useTicketsStore((s) => s.receive);

  useEffect(() => {
    void fetchTickets();
    const stopPushes = subscribe('ticket:updated', receive);
    const stopRefetch = onReconnect(() => void fetchTickets());
    return () => {
      stopPushes();
      stopRefetch();
    };
  }, [fetchTickets, receive]);

  useFallbackPoll(fetchTickets);
}
