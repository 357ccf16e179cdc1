import { QueryTypes, type Transaction } from 'sequelize';
import type { DoNotCallSource } from '@ringcast/shared-types';
import { execute } from '../../../db/execute';
import { sequelize } from '../../../db/sequelize';

/**
 * Which of these numbers are on the customer's own do-not-call list or on the platform's. Checked
 * when calls are queued and again right before each dial, so a number added mid-campaign is never
 * called afterwards.
 */
export async function numbersNotToCall(
  userId: number,
  phoneNumbers: readonly string[],
  transaction?: Transaction,
): Promise<Set<string>> {
  if (!phoneNumbers.length) return new Set();
  const rows = await sequelize.query<{ phoneNumber: string }>(
    `SELECT DISTINCT phoneNumber FROM do_not_call_numbers
      WHERE scope IN (0, :userId) AND phoneNumber IN (:phoneNumbers)`,
    { replacements: { userId, phoneNumbers }, type: QueryTypes.SELECT, transaction },
  );
  return new Set(rows.map((row) => row.phoneNumber));
}

export async function isNotToCall(userId: number, phoneNumber: string): Promise<boolean> {
  return (await numbersNotToCall(userId, [phoneNumber])).has(phoneNumber);
}

/**
 * Which list holds the number for this customer: their own (`own`) before the platform's, or
 * null when neither does. The same rows as numbersNotToCall, for a refusal that names the list.
 */
export async function doNotCallListOf(
  userId: number,
  phoneNumber: string,
): Promise<'own' | 'platform' | null> {
  const rows = await sequelize.query<{ scope: number }>(
    `SELECT scope FROM do_not_call_numbers
      WHERE scope IN (0, :userId) AND phoneNumber = :phoneNumber
      ORDER BY scope DESC`,
    { replacements: { userId, phoneNumber }, type: QueryTypes.SELECT },
  );
  if (!rows.length) return null;
  return Number(rows[0].scope) === 0 ? 'platform' : 'own';
}

export interface OptOut {
  userId: number;
  phoneNumber: string;
  source: DoNotCallSource;
  reason: string | null;
  callRecordId?: number | null;
  createdByUserId?: number | null;
}

/**
 * Puts a number on the customer's list (once; a second request changes nothing) and stops every
 * campaign of that customer from calling it: their prospects with that number become `opted_out`
 * when the callee asked, `skipped` when the customer listed it (the one in the current call too,
 * so the call's end does not count it again), and the campaigns' counts of prospects left drop
 * with them.
 */
export async function addToDoNotCall(optOut: OptOut, transaction: Transaction): Promise<boolean> {
  const inserted = await execute(
    `INSERT IGNORE INTO do_not_call_numbers (userId, scope, phoneNumber, reason, source, callRecordId, createdByUserId, createdAt)
     VALUES (:userId, :userId, :phoneNumber, :reason, :source, :callRecordId, :createdByUserId, NOW(3))`,
    {
      replacements: {
        callRecordId: null,
        createdByUserId: null,
        ...optOut,
      },
      transaction,
    },
  );
  // The callee asked (a key press, the agent): opted out. Added by the customer: skipped.
  const state = optOut.source === 'key_press' || optOut.source === 'agent' ? 'opted_out' : 'skipped';
  await stopCallingNumber(optOut.userId, optOut.phoneNumber, state, 'do_not_call', transaction);
  return inserted > 0;
}

/**
 * Marks the customer's prospects with this number as not to be called (`opted_out`, or `skipped`
 * for a number found on a list before any call) and keeps each campaign's count of prospects left.
 */
export async function stopCallingNumber(
  userId: number,
  phoneNumber: string,
  state: 'opted_out' | 'skipped',
  reason: string,
  transaction: Transaction,
): Promise<void> {
  const affected = await sequelize.query<{ campaignId: number }>(
    `SELECT cp.campaignId FROM campaign_prospects cp
       JOIN campaigns c ON c.id = cp.campaignId
      WHERE cp.phoneNumber = :phoneNumber AND c.userId = :userId
        AND cp.state IN ('pending', 'scheduled', 'in_call')
      FOR UPDATE`,
    { replacements: { userId, phoneNumber }, type: QueryTypes.SELECT, transaction },
  );
  if (!affected.length) return;
  const campaignIds = [...new Set(affected.map((row) => row.campaignId))];
  await sequelize.query(
    `UPDATE campaign_prospects SET state = :state, reason = :reason, nextAttemptAt = NULL, updatedAt = NOW(3)
      WHERE phoneNumber = :phoneNumber AND campaignId IN (:campaignIds)
        AND state IN ('pending', 'scheduled', 'in_call')`,
    { replacements: { state, reason, phoneNumber, campaignIds }, transaction },
  );
  for (const campaignId of campaignIds) {
    const count = affected.filter((row) => row.campaignId === campaignId).length;
    await sequelize.query(
      `UPDATE campaigns SET prospectsRemaining = GREATEST(CAST(prospectsRemaining AS SIGNED) - :count, 0)
        WHERE id = :campaignId`,
      { replacements: { count, campaignId }, transaction },
    );
  }
}
