import { useEffect } from 'react';
import { onReconnect, subscribe } from '../../../../realtime/socket';
import { useFallbackPoll } from '../../../../realtime/useFallbackPoll';
import { useAnalyticsStore } from '../../../../stores/analyticsStore';

/**
 * While the tab is open its figures follow the campaign's calls: its `campaign:updated` pushes
 * (the store gathers them into one read every few seconds), a catch-up after a reconnect, and the
 * 5 s poll while the socket is down.
 */
export function useAnalyticsLive(campaignId: number): void {
  const refresh = useAnalyticsStore((s) => s.refresh);
  useEffect(() => useAnalyticsStore.getState().show(campaignId), [campaignId]);
  useEffect(() => {
    const offPush = subscribe('campaign:updated', (campaign) =>
      useAnalyticsStore.getState().campaignUpdated(campaign),
    );
    const offReconnect = onReconnect(() => void useAnalyticsStore.getState().refresh());
    return () => {
      offPush();
      offReconnect();
    };
  }, []);
  useFallbackPoll(refresh);
}
