import { useEffect } from 'react';
import { useOutboxStore } from '../../../stores/outboxStore';

/**
 * The Outbox tab's messages for the address typed (all without one): read when the tab opens or
 * the address changes, then kept current by `sandboxMail:received` pushes until the tab closes.
 * A failed read keeps the last list and says why.
 */
export function useSandboxMail(to: string) {
  const messages = useOutboxStore((s) => s.messages);
  const error = useOutboxStore((s) => s.error);
  const refresh = useOutboxStore((s) => s.refresh);

  useEffect(() => {
    void useOutboxStore.getState().load(to);
  }, [to]);
  useEffect(() => () => useOutboxStore.getState().release(), []);

  return { messages, error, refresh };
}
