import { Op, QueryTypes, type Transaction, type WhereOptions } from 'sequelize';
import {
  DO_NOT_CALL_INVALID_PHONE,
  DO_NOT_CALL_NOT_LISTED,
  toE164,
  type AddDoNotCallInput,
  type DoNotCallQuery,
  type DoNotCallSource,
} from '@ringcast/shared-types';
import { execute, sqlValue } from '../db/execute';
import { sequelize } from '../db/sequelize';
import { AuditLog, DoNotCallNumber } from '../db/models';
import { badRequest, notFound } from '../errors';
import { containsPattern, type Page } from './admin/listQuery';
import { recordAudit, type AuditActor } from './auditLog';
import { stopCallingNumbers } from './calls/doNotCall';
import { doNotCallListFull, numbersNotListed, numbersThatFit } from './doNotCallCap';

/** Whose list: one customer's, or the platform's that the admins keep (scope 0). */
export type DoNotCallOwner = { userId: number } | { platform: true; actor: AuditActor };

export const scopeOf = (owner: DoNotCallOwner) => ('userId' in owner ? owner.userId : 0);

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
 * Numbers on the platform's list stop every customer's campaigns from calling them (the
 * dispatcher and the last check before each dial would catch them too; this shows it at once).
 */
async function stopCallingEverywhere(phoneNumbers: readonly string[], transaction: Transaction) {
  if (!phoneNumbers.length) return;
  const rows = await sequelize.query<{ userId: number; phoneNumber: string }>(
    `SELECT DISTINCT c.userId, cp.phoneNumber FROM campaign_prospects cp JOIN campaigns c ON c.id = cp.campaignId
      WHERE cp.phoneNumber IN (:phoneNumbers) AND cp.state IN ('pending', 'scheduled', 'in_call')`,
    { replacements: { phoneNumbers }, type: QueryTypes.SELECT, transaction },
  );
  const byOwner = new Map<number, string[]>();
  for (const { userId, phoneNumber } of rows)
    byOwner.set(userId, [...(byOwner.get(userId) ?? []), phoneNumber]);
  for (const [userId, numbers] of byOwner)
    await stopCallingNumbers(userId, numbers, 'skipped', 'do_not_call', transaction);
}

export interface DoNotCallDetails {
  reason: string | null;
  source: DoNotCallSource;
  createdByUserId: number | null;
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
    sqlValue(scopeOf(owner)),
    sqlValue(details.reason),
    sqlValue(details.source),
    sqlValue(details.createdByUserId),
  ];
  const values = phoneNumbers.map(
    (phone) => `(${sqlValue(userId)}, ${fixed[0]}, ${sqlValue(phone)}, ${fixed.slice(1).join(', ')}, NOW(3))`,
  );
  return execute(
    `INSERT IGNORE INTO do_not_call_numbers (userId, scope, phoneNumber, reason, source, createdByUserId, createdAt)
     VALUES ${values.join(',\n')}`,
    { transaction },
  );
}

/**
 * Puts numbers on the list (each once) and stops calling them, in a few statements however many
 * numbers (callers batch them by the thousand). Answers how many were new. On a customer's list
 * every prospect with one of the numbers is skipped, new on the list or not, as when one number is
 * added; the platform's additions are audited, one row per number new on it.
 */
export async function addNumbersToDoNotCall(
  owner: DoNotCallOwner,
  phoneNumbers: readonly string[],
  details: DoNotCallDetails,
  transaction: Transaction,
): Promise<number> {
  if (!phoneNumbers.length) return 0;
  if ('userId' in owner) {
    const added = await insertNumbers(owner, phoneNumbers, details, transaction);
    await stopCallingNumbers(owner.userId, phoneNumbers, 'skipped', 'do_not_call', transaction);
    return added;
  }
  const fresh = await numbersNotListed(0, phoneNumbers, transaction);
  const added = await insertNumbers(owner, fresh, details, transaction);
  await stopCallingEverywhere(fresh, transaction);
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

/**
 * POST: one number typed by a person. Answers its entry and whether it was new; 409 when a new
 * number would take the customer's list past its cap.
 */
export async function addDoNotCallNumber(
  owner: DoNotCallOwner,
  input: AddDoNotCallInput,
  createdByUserId: number,
): Promise<{ entry: DoNotCallNumber; created: boolean }> {
  const phoneNumber = toE164(input.phoneNumber);
  if (!phoneNumber) throw badRequest(DO_NOT_CALL_INVALID_PHONE, { phoneNumber: DO_NOT_CALL_INVALID_PHONE });
  const created = await sequelize.transaction(async (transaction) => {
    if ((await numbersThatFit(owner, [phoneNumber], transaction)).full) throw doNotCallListFull();
    const details = {
      reason: input.reason ?? null,
      source: 'userId' in owner ? ('manual' as const) : ('admin' as const),
      createdByUserId,
    };
    return (await addNumbersToDoNotCall(owner, [phoneNumber], details, transaction)) > 0;
  });
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
