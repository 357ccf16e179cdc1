import { Op, QueryTypes, type Transaction, type WhereOptions } from 'sequelize';
import {
  DO_NOT_CALL_INVALID_PHONE,
  DO_NOT_CALL_NOT_LISTED,
  toE164,
  type AddDoNotCallInput,
  type DoNotCallQuery,
  type DoNotCallSource,
} from '@ringcast/shared-types';
import { execute } from '../db/execute';
import { sequelize } from '../db/sequelize';
import { DoNotCallNumber } from '../db/models';
import { badRequest, notFound } from '../errors';
import { containsPattern, type Page } from './admin/listQuery';
import { recordAudit, type AuditActor } from './auditLog';
import { addToDoNotCall, stopCallingNumber } from './calls/doNotCall';

/** Whose list: one customer's, or the platform's that the admins keep (scope 0). */
export type DoNotCallOwner = { userId: number } | { platform: true; actor: AuditActor };

const scopeOf = (owner: DoNotCallOwner) => ('userId' in owner ? owner.userId : 0);

export async function listDoNotCall(
  owner: DoNotCallOwner,
  query: DoNotCallQuery,
): Promise<Page<DoNotCallNumber>> {
  const where: WhereOptions[] = [{ scope: scopeOf(owner) }];
  if (query.q) {
    const digits = query.q.replace(/\D/g, '');
    const matches: WhereOptions[] = [{ reason: { [Op.like]: containsPattern(query.q) } }];
    if (digits) matches.push({ phoneNumber: { [Op.like]: containsPattern(digits) } });
    where.push({ [Op.or]: matches });
  }
  const { rows, count } = await DoNotCallNumber.findAndCountAll({
    where: { [Op.and]: where },
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { rows, total: count };
}

/**
 * A number on the platform's list stops every customer's campaigns from calling it (the
 * dispatcher and the last check before each dial would catch it too; this shows it at once).
 */
async function stopCallingEverywhere(phoneNumber: string, transaction: Transaction) {
  const owners = await sequelize.query<{ userId: number }>(
    `SELECT DISTINCT c.userId FROM campaign_prospects cp JOIN campaigns c ON c.id = cp.campaignId
      WHERE cp.phoneNumber = :phoneNumber AND cp.state IN ('pending', 'scheduled', 'in_call')`,
    { replacements: { phoneNumber }, type: QueryTypes.SELECT, transaction },
  );
  for (const { userId } of owners)
    await stopCallingNumber(userId, phoneNumber, 'skipped', 'do_not_call', transaction);
}

/**
 * Puts numbers on the list (each once) and stops calling them. Answers how many were new. The
 * platform's additions are audited, one row per number.
 */
export async function addNumbersToDoNotCall(
  owner: DoNotCallOwner,
  phoneNumbers: readonly string[],
  details: { reason: string | null; source: DoNotCallSource; createdByUserId: number | null },
): Promise<number> {
  return sequelize.transaction(async (transaction) => {
    let added = 0;
    for (const phoneNumber of phoneNumbers) {
      if ('userId' in owner) {
        if (await addToDoNotCall({ userId: owner.userId, phoneNumber, ...details }, transaction)) added++;
        continue;
      }
      const inserted = await execute(
        `INSERT IGNORE INTO do_not_call_numbers (userId, scope, phoneNumber, reason, source, createdByUserId, createdAt)
         VALUES (NULL, 0, :phoneNumber, :reason, :source, :createdByUserId, NOW(3))`,
        { replacements: { phoneNumber, ...details }, transaction },
      );
      if (!inserted) continue;
      added++;
      await stopCallingEverywhere(phoneNumber, transaction);
      await recordAudit(
        {
          actor: owner.actor,
          action: 'doNotCall.add',
          entityType: 'doNotCall',
          entityId: phoneNumber,
          before: null,
          after: { phoneNumber, reason: details.reason },
        },
        transaction,
      );
    }
    return added;
  });
}

/** POST: one number typed by a person. Answers its entry and whether it was new. */
export async function addDoNotCallNumber(
  owner: DoNotCallOwner,
  input: AddDoNotCallInput,
  createdByUserId: number,
): Promise<{ entry: DoNotCallNumber; created: boolean }> {
  const phoneNumber = toE164(input.phoneNumber);
  if (!phoneNumber) throw badRequest(DO_NOT_CALL_INVALID_PHONE, { phoneNumber: DO_NOT_CALL_INVALID_PHONE });
  const created =
    (await addNumbersToDoNotCall(owner, [phoneNumber], {
      reason: input.reason ?? null,
      source: 'userId' in owner ? 'manual' : 'admin',
      createdByUserId,
    })) > 0;
  const entry = await DoNotCallNumber.findOne({ where: { scope: scopeOf(owner), phoneNumber } });
  return { entry: entry!, created };
}

/**
 * DELETE: the number leaves the list. Prospects already skipped or opted out stay so: calling
 * them again is a new list's decision, not a side effect of tidying this one.
 */
export async function removeDoNotCallNumber(owner: DoNotCallOwner, rawNumber: string): Promise<void> {
  const phoneNumber = toE164(rawNumber);
  if (!phoneNumber) throw notFound(DO_NOT_CALL_NOT_LISTED);
  await sequelize.transaction(async (transaction) => {
    const entry = await DoNotCallNumber.findOne({
      where: { scope: scopeOf(owner), phoneNumber },
      transaction,
      lock: true,
    });
    if (!entry) throw notFound(DO_NOT_CALL_NOT_LISTED);
    await entry.destroy({ transaction });
    if ('actor' in owner) {
      await recordAudit(
        {
          actor: owner.actor,
          action: 'doNotCall.remove',
          entityType: 'doNotCall',
          entityId: phoneNumber,
          before: { phoneNumber, reason: entry.reason },
          after: null,
        },
        transaction,
      );
    }
  });
}
