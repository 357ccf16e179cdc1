import { QueryTypes, type Transaction } from 'sequelize';
import { sequelize } from '../../../db/sequelize';

/** The lists that bind a customer (`:userId`): their own (scope = their id) and the platform's (scope 0). */
const BINDING_LISTS = (table = 'do_not_call_numbers') => `${table}.scope IN (0, :userId)`;

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
      WHERE ${BINDING_LISTS()} AND phoneNumber IN (:phoneNumbers)`,
    { replacements: { userId, phoneNumbers }, type: QueryTypes.SELECT, transaction },
  );
  return new Set(rows.map((row) => row.phoneNumber));
}

/**
 * Marks a list's prospects whose numbers are on the customer's own or the platform's do-not-call
 * list, in one statement once the list is stored: asking per batch
 * of a thousand numbers cost the database more than storing them did.
 */
export async function markProspectsNotToCall(userId: number, prospectListId: number): Promise<void> {
  await sequelize.query(
    `UPDATE prospects p JOIN do_not_call_numbers d ON d.phoneNumber = p.phoneNumber
        SET p.doNotCall = true
      WHERE p.prospectListId = :prospectListId AND ${BINDING_LISTS('d')}`,
    { replacements: { userId, prospectListId } },
  );
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
      WHERE ${BINDING_LISTS()} AND phoneNumber = :phoneNumber
      ORDER BY scope DESC`,
    { replacements: { userId, phoneNumber }, type: QueryTypes.SELECT },
  );
  if (!rows.length) return null;
  return Number(rows[0].scope) === 0 ? 'platform' : 'own';
}
