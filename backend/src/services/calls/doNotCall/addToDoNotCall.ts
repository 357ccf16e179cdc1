import { QueryTypes, type Transaction } from 'sequelize';
import type { DoNotCallSource } from '@ringcast/shared-types';
import { execute, sqlValue } from '../../../db/execute';
import { sequelize } from '../../../db/sequelize';
import { AuditLog } from '../../../db/models';
import type { AuditActor } from '../../auditLog';
import { numbersNotListed } from '../../doNotCallCap';
import { stopCallingNumbers } from './stopCallingNumbers';
import { emitOptOutWebhooks } from '../../webhooks';

/** Whose list: one customer's, or the platform's that the admins keep (scope 0). */
export type DoNotCallOwner = { userId: number } | { platform: true; actor: AuditActor };

export const scopeOf = (owner: DoNotCallOwner) => ('userId' in owner ? owner.userId : 0);

/** What is written beside each number added. */
export interface DoNotCallDetails {
  reason: string | null;
  source: DoNotCallSource;
  createdByUserId?: number | null;
  /** The call in which the callee asked (a key press, the agent). */
  callRecordId?: number | null;
}

/** One multi-row INSERT IGNORE: a number already on the list is left as it is. Answers how many were new. */
function insertNumbers(
  owner: DoNotCallOwner,
  phoneNumbers: readonly string[],
  details: DoNotCallDetails,
  transaction: Transaction,
): Promise<number> {
  if (!phoneNumbers.length) return Promise.resolve(0);
  const userId = 'userId' in owner ? owner.userId : null;
  const fixed = [
    sqlValue(details.reason),
    sqlValue(details.source),
    sqlValue(details.callRecordId ?? null),
    sqlValue(details.createdByUserId ?? null),
  ].join(', ');
  const values = phoneNumbers.map(
    (phone) => `(${sqlValue(userId)}, ${sqlValue(scopeOf(owner))}, ${sqlValue(phone)}, ${fixed}, NOW(3))`,
  );
  return execute(
    `INSERT IGNORE INTO do_not_call_numbers (userId, scope, phoneNumber, reason, source, callRecordId, createdByUserId, createdAt)
     VALUES ${values.join(',\n')}`,
    { transaction },
  );
}

/**
 * Numbers on the platform's list stop every customer's campaigns from calling them (the
 * dispatcher and the last check before each dial would catch them too; this shows it at once).
 */
async function stopCallingEverywhere(
  phoneNumbers: readonly string[],
  source: DoNotCallSource,
  transaction: Transaction,
) {
  if (!phoneNumbers.length) return;
  const rows = await sequelize.query<{ userId: number; phoneNumber: string }>(
    `SELECT DISTINCT c.userId, cp.phoneNumber FROM campaign_prospects cp JOIN campaigns c ON c.id = cp.campaignId
      WHERE cp.phoneNumber IN (:phoneNumbers) AND cp.state IN ('pending', 'scheduled', 'in_call')`,
    { replacements: { phoneNumbers }, type: QueryTypes.SELECT, transaction },
  );
  const byOwner = new Map<number, string[]>();
  for (const { userId, phoneNumber } of rows)
    byOwner.set(userId, [...(byOwner.get(userId) ?? []), phoneNumber]);
  for (const [userId, numbers] of byOwner) {
    await stopCallingNumbers(userId, numbers, 'skipped', 'do_not_call', transaction);
    emitOptOutWebhooks(userId, numbers, source, transaction);
  }
}

/**
 * The one way numbers go on a do-not-call list: the callee's key press, the agent's tool, a number
 * typed in, an upload or an import. Each number is added once (a second request changes nothing)
 * and called no more, in a few statements however many numbers (callers batch them by the
 * thousand). Answers how many were new.
 *
 * On a customer's list every prospect of theirs with one of the numbers stops, new on the list or
 * not: `opted_out` when the callee asked (a key press, the agent), `skipped` when the customer
 * listed it (the one in the current call too, so the call's end does not count it again), and the
 * campaigns' counts of prospects left drop with them. The platform's additions stop every
 * customer's prospects and are audited, one row per number new on the list.
 */
export async function addToDoNotCall(
  owner: DoNotCallOwner,
  phoneNumbers: readonly string[],
  details: DoNotCallDetails,
  transaction: Transaction,
): Promise<number> {
  if (!phoneNumbers.length) return 0;
  if ('userId' in owner) {
    const added = await insertNumbers(owner, phoneNumbers, details, transaction);
    const calleeAsked = details.source === 'key_press' || details.source === 'agent';
    const state = calleeAsked ? 'opted_out' : 'skipped';
    await stopCallingNumbers(owner.userId, phoneNumbers, state, 'do_not_call', transaction);
    // The owner's endpoints hear of it once it commits (prospect.opted_out, docs/webhooks.md).
    emitOptOutWebhooks(owner.userId, phoneNumbers, details.source, transaction);
    return added;
  }
  const fresh = await numbersNotListed(0, phoneNumbers, transaction);
  const added = await insertNumbers(owner, fresh, details, transaction);
  await stopCallingEverywhere(fresh, details.source, transaction);
  await AuditLog.bulkCreate(
    fresh.map((phoneNumber) => ({
      actorUserId: owner.actor.id,
      actorEmail: owner.actor.email,
      action: 'doNotCall.add',
      entityType: 'doNotCall',
      entityId: phoneNumber,
      before: null,
      after: { phoneNumber, reason: details.reason },
    })),
    { transaction },
  );
  return added;
}
