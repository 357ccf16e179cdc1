import { QueryTypes } from 'sequelize';
import { sequelize } from '../../src/db/sequelize';
import { Campaign } from '../../src/db/models';

/** The campaign's counters against the sums of its call records and the admins' adjustments. */
export async function statisticsMismatch(campaignId: number): Promise<string | null> {
  const [sums] = await sequelize.query<{ calls: number; received: number; successes: number; cost: string }>(
    `SELECT
        (SELECT COUNT(*) FROM call_records r WHERE r.campaignId = :id AND r.test = 0 AND r.settledAt IS NOT NULL
            AND (r.status <> 'canceled' OR r.dialedAt IS NOT NULL))
        + (SELECT COALESCE(SUM(totalCalls), 0) FROM campaign_stat_adjustments WHERE campaignId = :id) AS calls,
        (SELECT COUNT(*) FROM call_records r WHERE r.campaignId = :id AND r.test = 0 AND r.settledAt IS NOT NULL
            AND r.direction = 'inbound' AND (r.status <> 'canceled' OR r.dialedAt IS NOT NULL)) AS received,
        (SELECT COALESCE(SUM(successful), 0) FROM call_records r WHERE r.campaignId = :id AND r.test = 0
            AND r.settledAt IS NOT NULL)
        + (SELECT COALESCE(SUM(successfulCalls), 0) FROM campaign_stat_adjustments WHERE campaignId = :id) AS successes,
        (SELECT COALESCE(SUM(cost), 0) FROM call_records r WHERE r.campaignId = :id AND r.test = 0)
        + (SELECT COALESCE(SUM(totalCost), 0) FROM campaign_stat_adjustments WHERE campaignId = :id) AS cost`,
    { replacements: { id: campaignId }, type: QueryTypes.SELECT },
  );
  const campaign = await Campaign.findByPk(campaignId);
  if (!campaign) return 'campaign missing';
  const problems = [];
  if (Number(sums.calls) !== campaign.totalCalls)
    problems.push(`calls ${sums.calls} vs ${campaign.totalCalls}`);
  if (Number(sums.received) !== campaign.receivedCalls)
    problems.push(`received ${sums.received} vs ${campaign.receivedCalls}`);
  if (Number(sums.successes) !== campaign.successfulCalls)
    problems.push(`successes ${sums.successes} vs ${campaign.successfulCalls}`);
  if (Number(sums.cost).toFixed(2) !== Number(campaign.totalCost).toFixed(2))
    problems.push(`cost ${sums.cost} vs ${campaign.totalCost}`);
  return problems.length ? problems.join(', ') : null;
}
