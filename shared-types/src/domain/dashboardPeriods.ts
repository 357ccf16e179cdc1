/**
 * The dashboard's period selector (spec §2); DESIGN decision 7: it filters calls by date. Apart
 * from the request schema, so the app shell can name the default period without loading yup.
 */
export const DASHBOARD_PERIODS = [
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last year' },
] as const;
export type DashboardDays = (typeof DASHBOARD_PERIODS)[number]['days'];
export const DEFAULT_DASHBOARD_DAYS: DashboardDays = 30;
