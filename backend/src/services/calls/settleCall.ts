import { QueryTypes, type Transaction } from 'sequelize';
import {
  billingMonthOf,
  callChargeCents,
  callResultOf,
  isBillableCall,
  isPlacedCall,
  RETRYABLE_RESULTS,
  type CampaignType,
  type NoCallReason,
} from '@ringcast/shared-types';
import { execute } from '../../db/execute';
import { sequelize } from '../../db/sequelize';
import { Campaign, type CallRecord } from '../../db/models';
import { successOf } from './callSuccess';
import { releaseCallSlot } from './pacing';
import { COUNTED_ATTEMPT, DECIDE_AGAIN_AT } from './prospectSchedule';
import { noteSettledEnding } from './settledEnding';
import { setSetupFlagBySystem } from './setupFlags';

/**
 * The month's next billable call of the campaign: its position decides its rate. The usage row is
 * locked by the increment until the transaction ends, so two calls never share a position.
 */
async function nextBillablePosition(campaignId: number, month: string, transaction: Transaction) {
  await sequelize.query(
    `INSERT INTO campaign_usage (campaignId, month, billableCalls) VALUES (:campaignId, :month, 1)
     ON DUPLICATE KEY UPDATE billableCalls = billableCalls + 1`,
    { replacements: { campaignId, month }, transaction },
  );
  const [row] = await sequelize.query<{ billableCalls: number }>(
    `SELECT billableCalls FROM campaign_usage WHERE campaignId = :campaignId AND month = :month`,
    { replacements: { campaignId, month }, type: QueryTypes.SELECT, transaction },
  );
  return Number(row.billableCalls);
}

/**
 * The prospect's state after the call. Busy and no answer are tried again, while the campaign's
 * attempts last, no sooner than its retry delay after this attempt (the dispatcher then asks the
 * calling rules when, exactly). Any other placed call leaves nothing more to do: a voicemail was
 * left once, a failed call means an invalid number. One withdrawn before dialing goes back in line.
 * A prospect who opted out during the call was already taken off the count.
 */
async function settleProspect(call: CallRecord, placed: boolean, transaction: Transaction) {
  if (!call.prospectId) return;
  const result = callResultOf(call);
  const replacements = {
    campaignId: call.campaignId,
    prospectId: call.prospectId,
    result,
    due: DECIDE_AGAIN_AT,
  };
  if (!placed) {
    await sequelize.query(
      `UPDATE campaign_prospects SET state = 'pending', nextAttemptAt = :due, updatedAt = NOW(3)
        WHERE campaignId = :campaignId AND prospectId = :prospectId AND state = 'in_call'`,
      { replacements, transaction },
    );
    return;
  }
  const retryable = result !== null && RETRYABLE_RESULTS.includes(result);
  if (retryable) {
    const scheduled = await execute(
      `UPDATE campaign_prospects cp JOIN campaigns c ON c.id = cp.campaignId
          SET cp.state = 'scheduled', cp.lastResult = :result, cp.reason = 'retry_wait',
              cp.nextAttemptAt = DATE_ADD(cp.lastAttemptAt, INTERVAL c.retryDelayMinutes MINUTE),
              cp.updatedAt = NOW(3)
        WHERE cp.campaignId = :campaignId AND cp.prospectId = :prospectId AND cp.state = 'in_call'
          AND cp.lastAttemptAt IS NOT NULL
          AND (SELECT COUNT(*) FROM call_records r WHERE r.campaignId = cp.campaignId
                 AND r.prospectId = cp.prospectId AND ${COUNTED_ATTEMPT}) < c.maxAttempts`,
      { replacements, transaction },
    );
    if (scheduled > 0) return;
  }
  const reason: NoCallReason | null = retryable
    ? 'attempts_exhausted'
    : result === 'failed'
      ? 'invalid_number'
      : null;
  const done = await execute(
    `UPDATE campaign_prospects
        SET state = 'done', nextAttemptAt = NULL, lastResult = :result, reason = :reason, updatedAt = NOW(3)
      WHERE campaignId = :campaignId AND prospectId = :prospectId AND state = 'in_call'`,
    { replacements: { ...replacements, reason }, transaction },
  );
  if (done > 0) {
    await sequelize.query(
      `UPDATE campaigns SET prospectsRemaining = GREATEST(CAST(prospectsRemaining AS SIGNED) - 1, 0)
        WHERE id = :campaignId`,
      { replacements, transaction },
    );
  }
}

/**
 * Counts a call that reached its final state, exactly once (`settledAt`, under the call's row lock
 * held by the caller): its billability and charge (the graduated rate of its position among the
 * month's billable calls), success, and the campaign's counters as atomic increments. A test call
 * counts nowhere; one that reached a person completes the Testing setup step.
 */
export async function settleCall(call: CallRecord, transaction: Transaction): Promise<void> {
  if (call.settledAt) return;
  const now = new Date();
  call.settledAt = now;
  noteSettledEnding(call);
  const { accountSid, id } = call;
  if (accountSid) transaction.afterCommit(() => void releaseCallSlot(accountSid, id).catch(() => undefined));

  if (call.test) {
    if (call.status === 'completed' && call.answeredBy !== 'machine') {
      const campaign = await Campaign.findByPk(call.campaignId, { transaction, lock: true });
      if (campaign) await setSetupFlagBySystem(campaign, 'setupTestingCompleted', true, transaction);
    }
    await call.save({ transaction });
    return;
  }

  // The campaign's row is taken first, for writing: the usage row's insert below checks its foreign
  // key with a shared lock on the campaign, and two calls of one campaign ending together, each
  // holding that shared lock and waiting to write the counters, deadlock (one of them is lost).
  const [locked] = await sequelize.query<{ type: CampaignType }>(
    'SELECT id, type FROM campaigns WHERE id = :campaignId FOR UPDATE',
    { replacements: { campaignId: call.campaignId }, type: QueryTypes.SELECT, transaction },
  );
  const placed = isPlacedCall({ status: call.status, dialed: Boolean(call.dialedAt) });
  const billable = isBillableCall(call);
  // An outcome recorded after this is counted by recountSuccess, under the same row lock.
  const successful = successOf(call, locked?.type);
  let chargeCents = 0;
  if (billable) {
    const month = billingMonthOf(call.endedAt ?? now);
    call.billingMonth = month;
    chargeCents = callChargeCents(await nextBillablePosition(call.campaignId, month, transaction));
  }
  call.billable = billable;
  call.successful = successful;
  call.cost = (chargeCents / 100).toFixed(2);
  await call.save({ transaction });

  if (placed) {
    const result = callResultOf(call);
    await sequelize.query(
      `UPDATE campaigns
          SET totalCalls = totalCalls + 1,
              successfulCalls = successfulCalls + :successful,
              totalCost = totalCost + :cost,
              personCalls = personCalls + :person,
              voicemailCalls = voicemailCalls + :voicemail,
              statisticsLastUpdated = :now
        WHERE id = :campaignId`,
      {
        replacements: {
          campaignId: call.campaignId,
          successful: successful ? 1 : 0,
          cost: call.cost,
          person: result === 'person' ? 1 : 0,
          voicemail: result === 'voicemail' ? 1 : 0,
          now,
        },
        transaction,
      },
    );
  }
  await settleProspect(call, placed, transaction);
}
