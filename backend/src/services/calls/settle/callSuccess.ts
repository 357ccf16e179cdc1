import type { Transaction } from 'sequelize';
import { isSuccessfulCall, type CampaignType } from '@ringcast/shared-types';
import { sequelize } from '../../../db/sequelize';
import { Campaign, type CallRecord } from '../../../db/models';
import { saveLockedCalls } from '../shared';

/**
 * What settlement and the counting below judge a call by. A call the agent put through to a person
 * (its transfer connected) did what the agent was there for, whatever outcome was recorded.
 */
export const successOf = (call: CallRecord, campaignType: CampaignType | undefined) =>
  (call.transferStatus === 'connected' && call.status === 'completed' && call.answeredBy !== 'machine') ||
  isSuccessfulCall({ ...call.get(), reachedAgent: call.relayStartedAt != null }, campaignType);

/**
 * Brings a settled call's `successful` in line with its outcome, and the campaign's counter by the
 * same step, in the caller's transaction and under the call's row lock (held by the caller). The
 * outcome may come before the final status (settlement judges it) or after (this counts it); under
 * the lock each change is seen once, so a repeat finds nothing to do. A later outcome that is no
 * success (interested, then "stop calling me") takes the count back: the card always says what the
 * records say. Returns whether anything moved. A call not yet settled, or a test call, is left alone.
 * The analytics' aggregates follow in the caller (recordCallOutcome: moveSettledCall), which sees the
 * outcome's change and the success's together.
 */
export async function recountSuccess(call: CallRecord, transaction: Transaction): Promise<boolean> {
  if (!call.settledAt || call.test) return false;
  // The campaign's row is written after the call's, the order settlement takes them in.
  const campaign = await Campaign.findByPk(call.campaignId, {
    attributes: ['id', 'type'],
    transaction,
    lock: true,
  });
  const successful = successOf(call, campaign?.type);
  if (successful === Boolean(call.successful)) return false;
  call.successful = successful;
  await saveLockedCalls([call], transaction);
  // Never below zero: only an admin's adjustment can have taken the counter under the records' sum.
  await sequelize.query(
    `UPDATE campaigns
        SET successfulCalls = GREATEST(CAST(successfulCalls AS SIGNED) + :step, 0), statisticsLastUpdated = NOW(3)
      WHERE id = :campaignId`,
    { replacements: { campaignId: call.campaignId, step: successful ? 1 : -1 }, transaction },
  );
  return true;
}
