import { useEffect } from 'react';
import { useFallbackPoll } from './useFallbackPoll';

/**
 * A page shows a resource that the realtime handlers keep current: `read` runs when the page
 * opens (the first read, or a catch-up after a while away) and every 5 s while the socket is down.
 */
export function useLiveResource(read: () => Promise<void>): void {
  useEffect(() => {
    void read();
  }, [read]);
  useFallbackPoll(read);
}
