import type { DashboardDays, DashboardStats } from '@ringcast/shared-types';
import { api } from './client';

/** Totals, per-campaign performance and the daily series for the last `days` days. */
export const fetchDashboard = (days: DashboardDays) => api.get<DashboardStats>(`/api/dashboard?days=${days}`);
