import { useEffect, useState } from 'react';
import type { StoreApi, UseBoundStore } from 'zustand';
import { ADMIN_PAGE_SIZE_DEFAULT } from '@ringcast/shared-types';
import type { AdminListState } from '../../../stores/adminListStore';

type Row = { id: number; updatedAt?: string };
export type AdminListStore<T extends P, P extends Row> = UseBoundStore<StoreApi<AdminListState<T, P>>>;

/**
 * Reads the page of one admin list for the search text `q`, again whenever the search or the page
 * changes; a new search starts on page 1.
 */
export function useAdminList<T extends P, P extends Row>(useStore: AdminListStore<T, P>, q: string) {
  const [page, setPage] = useState(1);
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    setPage(1);
  }
  const load = useStore((s) => s.load);
  useEffect(() => {
    void load({ q, page, pageSize: ADMIN_PAGE_SIZE_DEFAULT });
  }, [load, q, page]);

  const items = useStore((s) => s.items);
  const total = useStore((s) => s.total);
  const status = useStore((s) => s.status);
  const loading = useStore((s) => s.loading);
  const error = useStore((s) => s.error);
  const refresh = useStore((s) => s.refresh);
  return { items, total, status, loading, error, refresh, page, setPage, pageSize: ADMIN_PAGE_SIZE_DEFAULT };
}
