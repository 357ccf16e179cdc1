import { QueryTypes } from 'sequelize';
import { sequelize } from '../../db/sequelize';
import { centsOf } from './contribution';

/** The days of the aggregates (UTC, 'YYYY-MM-DD') and the admins' adjustments dated in them. */

export const DAY_MS = 86_400_000;

/** The day after a 'YYYY-MM-DD' day. */
export const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Whole cents as an amount with two decimals: 1234 -> "12.34". */
export const centsText = (cents: number) => (cents / 100).toFixed(2);

export interface AdjustmentSums {
  calls: number;
  successful: number;
  costCents: number;
}

/**
 * The admins' adjustments (campaign_stat_adjustments) of the campaigns, by `effectiveAt` from the
 * start of day `from` to before the start of day `before` (null: no end): the dashboard's rule.
 */
export async function adjustmentsBetween(
  campaignIds: readonly number[],
  from: string,
  before: string | null,
): Promise<Map<number, AdjustmentSums>> {
  const sums = new Map<number, AdjustmentSums>();
  if (!campaignIds.length) return sums;
  const rows = await sequelize.query<{ campaignId: number; calls: string; successful: string; cost: string }>(
    `SELECT campaignId, SUM(totalCalls) AS calls, SUM(successfulCalls) AS successful, SUM(totalCost) AS cost
       FROM campaign_stat_adjustments
      WHERE campaignId IN (:campaignIds) AND effectiveAt >= :from ${before ? 'AND effectiveAt < :before' : ''}
      GROUP BY campaignId`,
    {
      replacements: {
        campaignIds,
        from: new Date(`${from}T00:00:00Z`),
        before: before && new Date(`${before}T00:00:00Z`),
      },
      type: QueryTypes.SELECT,
    },
  );
  for (const row of rows)
    sums.set(Number(row.campaignId), {
      calls: Number(row.calls),
      successful: Number(row.successful),
      costCents: centsOf(row.cost),
    });
  return sums;
}
