import { useEffect, useState } from 'react';
import type { StoreApi, UseBoundStore } from 'zustand';
import { ADMIN_PAGE_SIZE_DEFAULT } from '@ringcast/shared-types';
import { useFallbackPoll } from '../../../realtime/useFallbackPoll';
import type { AdminListState } from '../../../stores/adminListStore';

type Row = { id: number; updatedAt?: string };
export type AdminListStore<T extends P, P extends Row> = UseBoundStore<StoreApi<AdminListState<T, P>>>;

/**
 * Reads the page of one admin list for the search text `q`, again whenever the search or the page
 * changes (a new search starts on page 1), and every 5 s while the socket is down. The realtime
 * handlers keep the page current while it is on screen.
 */
export function useAdminList<T extends P, P extends Row>(useStore: AdminListStore<T, P>, q: string) {
  const [page, setPage] = useState(1);
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    setPage(1);
  }
  const load = useStore((s) => s.load);
  const release = useStore((s) => s.release);
  useEffect(() => {
    void load({ q, page, pageSize: ADMIN_PAGE_SIZE_DEFAULT });
    return release;
  }, [load, release, q, page]);

  const items = useStore((s) => s.items);
  const total = useStore((s) => s.total);
  const status = useStore((s) => s.status);
  const loading = useStore((s) => s.loading);
  const error = useStore((s) => s.error);
  const refresh = useStore((s) => s.refresh);
  useFallbackPoll(refresh);
  return { items, total, status, loading, error, refresh, page, setPage, pageSize: ADMIN_PAGE_SIZE_DEFAULT };
}
