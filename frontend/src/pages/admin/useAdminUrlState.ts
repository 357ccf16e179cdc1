import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { adminTabFrom, type AdminTab } from './adminTabs';

/** The active tab and the search text, kept in the address (?tab=campaigns&q=acme) so a reload keeps them. */
export function useAdminUrlState() {
  const [params, setParams] = useSearchParams();
  const tab = adminTabFrom(params.get('tab'));
  const q = params.get('q') ?? '';

  const update = useCallback(
    (changes: { tab?: AdminTab; q?: string }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (changes.tab !== undefined) {
            if (changes.tab === 'overview') next.delete('tab');
            else next.set('tab', changes.tab);
          }
          if (changes.q !== undefined) {
            if (changes.q.trim()) next.set('q', changes.q);
            else next.delete('q');
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { tab, q, update };
}
