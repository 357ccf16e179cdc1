import { billingMonthOf } from '@ringcast/shared-types';

/** What decides where a campaign's billable calls are counted. */
export interface UsagePeriodOf {
  currentPeriodStart?: Date | null;
}

/**
 * The `campaign_usage` row (its `month` key, 7 characters) a campaign's billable calls count in now,
 * and that `call_records.billingMonth` keeps. On a subscription it is the billing period: "P" and
 * the period's first day (UTC) as YYMMDD, so a period paid anew starts a new count, and the period
 * is the campaign's at settlement (in the Stripe sandbox the period runs on a test clock, not on
 * the wall clock a call ends by). Not yet on a subscription: the calendar month (UTC), "2026-11".
 * Two keys never meet: a month has a dash, a period does not.
 */
export function usageKeyOf(campaign: UsagePeriodOf, now: Date): string {
  const start = campaign.currentPeriodStart;
  if (!start) return billingMonthOf(now);
  return `P${start.toISOString().slice(2, 10).replaceAll('-', '')}`;
}

/** The period a campaign's count covers, as the campaign page shows it; nulls for the calendar month. */
export function usagePeriodShown(campaign: {
  currentPeriodStart?: Date | null;
  currentPeriodEnd?: Date | null;
}) {
  return campaign.currentPeriodStart
    ? {
        periodStart: campaign.currentPeriodStart.toISOString(),
        periodEnd: campaign.currentPeriodEnd?.toISOString() ?? null,
      }
    : { periodStart: null, periodEnd: null };
}

/**
 * When a metered call happened, for the billing meter: never before the period it was counted in,
 * so Stripe bills it in that period. (A call that ended just before a renewal and settled after it
 * counts in the new period; in the Stripe sandbox the period runs on a test clock ahead of the wall
 * clock.)
 */
export const usageTimeOf = (endedAt: Date, periodStart: Date | null | undefined): Date =>
  periodStart && periodStart > endedAt ? periodStart : endedAt;
