import { useEffect } from 'react';
import { FALLBACK_POLL_MS, useRealtimeStore } from '../stores/realtimeStore';

/** Calls `refetch` every 5 s, but only while the socket is down (pushes cover the rest). */
export function useFallbackPoll(refetch: () => void, enabled = true): void {
  const connected = useRealtimeStore((s) => s.connected);
  useEffect(() => {
    if (!enabled || connected) return;
    const timer = setInterval(refetch, FALLBACK_POLL_MS);
    return () => clearInterval(timer);
  }, [refetch, enabled, connected]);
}
