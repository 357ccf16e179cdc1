import { useEffect } from 'react';
import { onReconnect, subscribe } from '../../../realtime/socket';
import { useFallbackPoll } from '../../../realtime/useFallbackPoll';
import { useCampaignsStore } from '../../../stores/campaignsStore';

/**
 * Keeps the campaign store current while the list is on screen: one read on mount, pushes as they
 * come, a read after each reconnect, and polling only while the socket is down.
 */
export function useLiveCampaigns() {
  const fetchCampaigns = useCampaignsStore((s) => s.fetchCampaigns);
  const receive = useCampaignsStore((s) => s.receive);
  const receiveDeleted = useCampaignsStore((s) => s.receiveDeleted);

  useEffect(() => {
    void fetchCampaigns();
    const stops = [
      subscribe('campaign:updated', receive),
      subscribe('campaign:deleted', receiveDeleted),
      onReconnect(() => void fetchCampaigns()),
    ];
    return () => stops.forEach((stop) => stop());
  }, [fetchCampaigns, receive, receiveDeleted]);

  useFallbackPoll(fetchCampaigns);
}
