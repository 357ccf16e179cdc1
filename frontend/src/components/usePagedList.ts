import { useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '../api/pages';

export type PagedListStatus = 'loading' | 'ready' | 'error';

/**
 * One server-paged list held by the component that shows it: `read` asks for a page with the
 * current filters; a change of `filterKey` goes back to page 1. Only the newest answer is kept,
 * so a slow read for old filters never replaces a newer one.
 */
export function usePagedList<T>(read: (page: number) => Promise<Page<T>>, filterKey: string) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<T>>({ items: [], total: 0 });
  const [status, setStatus] = useState<PagedListStatus>('loading');
  const seq = useRef(0);
  const readRef = useRef(read);
  // Kept current after each render so a reload reads with the latest filters.
  useEffect(() => {
    readRef.current = read;
  });

  const load = useCallback(async (target: number) => {
    const mine = ++seq.current;
    setStatus((s) => (s === 'error' ? 'loading' : s));
    try {
      const answer = await readRef.current(target);
      if (mine !== seq.current) return;
      setData(answer);
      setStatus('ready');
    } catch (err) {
      if (mine !== seq.current) return;
      console.error('Could not load a list', err);
      setStatus('error');
    }
  }, []);

  const [shownKey, setShownKey] = useState(filterKey);
  if (shownKey !== filterKey) {
    setShownKey(filterKey);
    setPage(1);
  }

  useEffect(() => {
    void load(page);
  }, [load, page, filterKey]);

  const reload = useCallback(() => load(page), [load, page]);
  return { ...data, page, setPage, status, reload };
}
