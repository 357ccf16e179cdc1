import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { DashboardDays } from '@ringcast/shared-types';
import { useFallbackPoll } from '../../../realtime/useFallbackPoll';
import { useDashboardStore } from '../../../stores/dashboardStore';

/**
 * The dashboard for the chosen period, read when the page opens and when the period changes;
 * the realtime handlers have it read again as the user's campaigns and calls change, and it is
 * polled every 5 s while the socket is down.
 */
export function useDashboard(days: DashboardDays) {
  // Leaving the page: the figures are dropped and nothing more is read.
  useEffect(() => useDashboardStore.getState().hide, []);
  useEffect(() => useDashboardStore.getState().show(days), [days]);
  useFallbackPoll(useDashboardStore((s) => s.refresh));
  return useDashboardStore(useShallow((s) => ({ data: s.data, loading: s.loading, failed: s.failed })));
}
