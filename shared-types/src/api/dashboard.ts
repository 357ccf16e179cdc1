import { number, object, type InferType } from 'yup';
import type { CampaignStatus, CampaignType } from '../domain/campaign';
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_DAYS, type DashboardDays } from '../domain/dashboardPeriods';

const PERIOD_DAYS = DASHBOARD_PERIODS.map((p) => p.days);

/** GET /api/dashboard?days=30|90|365 (30 when absent). */
export const dashboardQuerySchema = object({
  days: number<DashboardDays>()
    .typeError(`days must be one of ${PERIOD_DAYS.join(', ')}`)
    .oneOf(PERIOD_DAYS, `days must be one of ${PERIOD_DAYS.join(', ')}`)
    .default(DEFAULT_DASHBOARD_DAYS),
});
export type DashboardQuery = InferType<typeof dashboardQuerySchema>;

/** Counts and money over the chosen period. */
export interface DashboardTotals {
  /** Every call handled: placed and received. */
  totalCalls: number;
  /** Of totalCalls, the calls rung into the campaigns' numbers. */
  receivedCalls: number;
  successfulCalls: number;
  /** Percent, 1 decimal. */
  successRate: number;
  /** Two decimals, e.g. "12.50". */
  totalCost: string;
}

/** One row of the Performance list: the campaign with its calls in the period. */
export interface DashboardCampaign extends DashboardTotals {
  id: number;
  name: string;
  status: CampaignStatus;
  type: CampaignType;
  customType: string | null;
  /** When the campaign was created (the list's start date). */
  createdAt: string;
}

/** Calls placed on one UTC day. */
export interface DashboardDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  calls: number;
  successes: number;
}

export interface DashboardStats {
  days: DashboardDays;
  totals: DashboardTotals;
  /** Every campaign of the user, newest first, with zeros when it had no call in the period. */
  campaigns: DashboardCampaign[];
  /** One entry per day of the period, oldest first, zero days included. */
  daily: DashboardDay[];
}
