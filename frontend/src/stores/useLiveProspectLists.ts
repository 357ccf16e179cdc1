import { useEffect } from 'react';
import { onReconnect, subscribe } from '../realtime/socket';
import { useFallbackPoll } from '../realtime/useFallbackPoll';
import { useProspectListsStore } from './prospectListsStore';

/**
 * Keeps the prospect lists current while they are on screen: one read on mount, pushes as the
 * worker finishes a list, a read after each reconnect, and polling only while the socket is down.
 */
export function useLiveProspectLists() {
  const fetchLists = useProspectListsStore((s) => s.fetchLists);
  const receive = useProspectListsStore((s) => s.receive);

  useEffect(() => {
    void fetchLists();
    const stopPushes = subscribe('prospectList:updated', receive);
    const stopRefetch = onReconnect(() => void fetchLists());
    return () => {
      stopPushes();
      stopRefetch();
    };
  }, [fetchLists, receive]);

  useFallbackPoll(fetchLists);
}
