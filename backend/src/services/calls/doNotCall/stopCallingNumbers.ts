import { QueryTypes, type Transaction } from 'sequelize';
import { sequelize } from '../../../db/sequelize';
import { cancelHeldCallbacks } from '../../callbacks';

/**
 * Marks the customer's prospects with these numbers as not to be called (`opted_out`, or `skipped`
 * for a number found on a list before any call) and keeps each campaign's count of prospects left:
 * one locking read and at most one update per table, however many numbers (an upload's batch).
 * Their promised call backs are canceled with them.
 */
export async function stopCallingNumbers(
  userId: number,
  phoneNumbers: readonly string[],
  state: 'opted_out' | 'skipped',
  reason: string,
  transaction: Transaction,
): Promise<void> {
  if (!phoneNumbers.length) return;
  const affected = await sequelize.query<{ campaignId: number }>(
    `SELECT cp.campaignId FROM campaign_prospects cp
       JOIN campaigns c ON c.id = cp.campaignId
      WHERE cp.phoneNumber IN (:phoneNumbers) AND c.userId = :userId
        AND cp.state IN ('pending', 'scheduled', 'in_call')
      FOR UPDATE`,
    { replacements: { userId, phoneNumbers }, type: QueryTypes.SELECT, transaction },
  );
  if (!affected.length) return;
  const perCampaign = new Map<number, number>();
  for (const { campaignId } of affected) perCampaign.set(campaignId, (perCampaign.get(campaignId) ?? 0) + 1);
  const campaignIds = [...perCampaign.keys()];
  await sequelize.query(
    `UPDATE campaign_prospects SET state = :state, reason = :reason, nextAttemptAt = NULL, updatedAt = NOW(3)
      WHERE phoneNumber IN (:phoneNumbers) AND campaignId IN (:campaignIds)
        AND state IN ('pending', 'scheduled', 'in_call')`,
    { replacements: { state, reason, phoneNumbers, campaignIds }, transaction },
  );
  await cancelHeldCallbacks({ userId, phoneNumbers }, transaction);
  const cases = [...perCampaign].map(([id, n]) => `WHEN ${Number(id)} THEN ${n}`).join(' ');
  await sequelize.query(
    `UPDATE campaigns SET prospectsRemaining = GREATEST(CAST(prospectsRemaining AS SIGNED) - CASE id ${cases} END, 0)
      WHERE id IN (:campaignIds)`,
    { replacements: { campaignIds }, transaction },
  );
}
