import { QueryTypes, type Transaction } from 'sequelize';
import { doNotCallListFullMessage } from '@ringcast/shared-types';
import { config } from '../config';
import { sequelize } from '../db/sequelize';
import { DoNotCallNumber, User } from '../db/models';
import { overQuota } from '../errors';
import type { DoNotCallOwner } from './calls/doNotCall';

/** The 409 for an addition past the account's cap (DO_NOT_CALL_MAX_NUMBERS). */
export const doNotCallListFull = () => overQuota(409, doNotCallListFullMessage(config.doNotCallMaxNumbers));

/**
 * How many more numbers the owner's list may take. A customer's row is locked for the rest of the
 * transaction, so two uploads or additions of one account are counted one after the other. The
 * platform's list has no cap: a number it refused would be a number called against someone's wish.
 */
export async function roomOnList(owner: DoNotCallOwner, transaction: Transaction): Promise<number> {
  if (!('userId' in owner)) return Number.POSITIVE_INFINITY;
  await User.findByPk(owner.userId, { attributes: ['id'], lock: transaction.LOCK.UPDATE, transaction });
  const listed = await DoNotCallNumber.count({ where: { scope: owner.userId }, transaction });
  return Math.max(0, config.doNotCallMaxNumbers - listed);
}

/** The numbers not on the list yet (scope: userId, or 0 for the platform's), in their order. */
export async function numbersNotListed(
  scope: number,
  phoneNumbers: readonly string[],
  transaction: Transaction,
): Promise<string[]> {
  if (!phoneNumbers.length) return [];
  const rows = await sequelize.query<{ phoneNumber: string }>(
    `SELECT phoneNumber FROM do_not_call_numbers WHERE scope = :scope AND phoneNumber IN (:phoneNumbers)`,
    { replacements: { scope, phoneNumbers }, type: QueryTypes.SELECT, transaction },
  );
  const listed = new Set(rows.map((row) => row.phoneNumber));
  return phoneNumbers.filter((phone) => !listed.has(phone));
}

/**
 * The numbers of a batch that fit on the list: all of them when the list has room for the whole
 * batch (no lookup), else those listed already and as many new ones as fit, in file order. `full`:
 * some new ones were left out for the cap.
 */
export async function numbersThatFit(
  owner: DoNotCallOwner,
  phoneNumbers: readonly string[],
  transaction: Transaction,
): Promise<{ fitting: readonly string[]; full: boolean }> {
  const room = await roomOnList(owner, transaction);
  if (phoneNumbers.length <= room) return { fitting: phoneNumbers, full: false };
  const fresh = await numbersNotListed((owner as { userId: number }).userId, phoneNumbers, transaction);
  if (fresh.length <= room) return { fitting: phoneNumbers, full: false };
  const left = new Set(fresh.slice(room));
  return { fitting: phoneNumbers.filter((phone) => !left.has(phone)), full: true };
}
