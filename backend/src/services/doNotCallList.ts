import { Op, type WhereOptions } from 'sequelize';
import {
  DO_NOT_CALL_INVALID_PHONE,
  DO_NOT_CALL_NOT_LISTED,
  toE164,
  type AddDoNotCallInput,
  type DoNotCallQuery,
} from '@ringcast/shared-types';
import { sequelize } from '../db/sequelize';
import { DoNotCallNumber } from '../db/models';
import { badRequest, notFound } from '../errors';
import { containsPattern, type Page } from './admin/listQuery';
import { recordAudit } from './auditLog';
import { addToDoNotCall, scopeOf, type DoNotCallOwner } from './calls/doNotCall';
import { doNotCallListFull, numbersThatFit } from './doNotCallCap';

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
    return (await addToDoNotCall(owner, [phoneNumber], details, transaction)) > 0;
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
