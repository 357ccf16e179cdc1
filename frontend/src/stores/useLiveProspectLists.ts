import { useEffect } from 'react';
import { onReconnect, subscribe } from '../realtime/socket';
import { useFallbackPoll } from '../realtime/useFallbackPoll';
import { useProspectListsStore } from './prospectListsStore';

/**
 * Keeps the prospect lists current while they are on screen: one read on mount, pushes as the
 * worker finishes a list or another tab deletes one, a read after each reconnect, and polling only while the socket is down.
 */
export function useLiveProspectLists() {
  const fetchLists = useProspectListsStore((s) => s.fetchLists);
  const receive = useProspectListsStore((s) => s.receive);
  const receiveDeleted = useProspectListsStore((s) => s.receiveDeleted);

  useEffect(() => {
    void fetchLists();
    const stops = [
      subscribe('prospectList:updated', receive),
      subscribe('prospectList:deleted', receiveDeleted),
      onReconnect(() => void fetchLists()),
    ];
    return () => stops.forEach((stop) => stop());
  }, [fetchLists, receive, receiveDeleted]);

  useFallbackPoll(fetchLists);
}
