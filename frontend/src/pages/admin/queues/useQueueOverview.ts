import { useCallback, useEffect, useState } from 'react';
import type { AdminQueueOverview } from '@ringcast/shared-types';
import { fetchAdminQueues } from '../../../api/admin';
import { requestErrorSentence } from '../../../api/errorPolicy';

/** How often the figures are read again while the tab is on screen. */
export const QUEUES_REFRESH_MS = 5_000;

/**
 * The Queues tab's figures: read when the tab opens, then again 5 s after each answer (never two
 * reads at once, however slow Redis is) until the tab closes. No push carries these figures, so
 * this reads whether the socket is up or not. A failed read keeps the last figures and says why;
 * a retry starts the reads again at once.
 */
export function useQueueOverview() {
  const [overview, setOverview] = useState<AdminQueueOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [readAt, setReadAt] = useState<number | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const answer = await fetchAdminQueues();
        if (!live) return;
        setOverview(answer);
        setReadAt(Date.now());
        setError(null);
      } catch (err) {
        if (!live) return;
        setError(requestErrorSentence(err, 'Could not read the queues.'));
      }
      timer = setTimeout(() => void read(), QUEUES_REFRESH_MS);
    };
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [round]);

  const retry = useCallback(() => setRound((n) => n + 1), []);
  return { overview, error, readAt, retry };
}
