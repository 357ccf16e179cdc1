import { useCallback, useEffect, useState } from 'react';
import type { SandboxMail } from '@ringcast/shared-types';
import { fetchSandboxMail } from '../../../api/sandboxMail';
import { requestErrorSentence } from '../../../api/errorPolicy';

/** How often the outbox is read again while the tab is on screen (no push carries mail). */
export const OUTBOX_REFRESH_MS = 5_000;

/**
 * The Outbox tab's messages for the address typed (all without one): read when the tab opens or
 * the address changes, then again 5 s after each answer until the tab closes. A failed read keeps
 * the last list and says why.
 */
export function useSandboxMail(to: string) {
  const [messages, setMessages] = useState<SandboxMail[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const answer = await fetchSandboxMail(to);
        if (!live) return;
        setMessages(answer);
        setError(null);
      } catch (err) {
        if (!live) return;
        setError(requestErrorSentence(err, 'Could not read the outbox.'));
      }
      timer = setTimeout(() => void read(), OUTBOX_REFRESH_MS);
    };
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [to, round]);

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  return { messages, error, refresh };
}
