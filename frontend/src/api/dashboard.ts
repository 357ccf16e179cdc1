import type { DashboardDays, DashboardStats } from '@ringcast/shared-types';
import { api } from './client';

/** Totals, per-campaign performance and the daily series for the last `days` days. */
export const fetchDashboard = (days: DashboardDays) => api.get<DashboardStats>(`/api/dashboard?days=${days}`);

/** A prefetched read older than this is not trusted to be current. */
const PREFETCH_FRESH_MS = 10_000;
let prefetched: { days: DashboardDays; at: number; request: Promise<DashboardStats> } | null = null;

/**
 * Starts the dashboard's read while its page's code is still loading (the page's chunk carries
 * the chart library), so the two travel side by side instead of one after the other.
 */
export function prefetchDashboard(days: DashboardDays): void {
  const request = fetchDashboard(days);
  // The page reports a failure when it takes the read over.
  request.catch(() => undefined);
  prefetched = { days, at: Date.now(), request };
}

/** The dashboard for `days`: the prefetched read when there is a fresh one for it (used once), else a new read. */
export function readDashboard(days: DashboardDays): Promise<DashboardStats> {
  const held = prefetched;
  prefetched = null;
  if (held && held.days === days && Date.now() - held.at < PREFETCH_FRESH_MS) return held.request;
  return fetchDashboard(days);
}
