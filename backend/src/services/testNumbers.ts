import { UniqueConstraintError } from 'sequelize';
import {
  MAX_TEST_NUMBERS,
  TEST_NUMBER_INVALID_PHONE,
  TEST_NUMBER_NOT_FOUND,
  TEST_NUMBER_NOT_US_OR_CANADA,
  TEST_NUMBERS_FULL,
  TEST_NUMBER_TAKEN,
  isTestCallCountry,
  toE164,
  type CreateTestNumberInput,
} from '@ringcast/shared-types';
import { sequelize } from '../db/sequelize';
import { TestNumber, User } from '../db/models';
import { badRequest, conflict, overQuota } from '../errors';
import { findOwned } from '../policies/ownership';

/** The owner's test numbers, oldest first (the order they were added in). */
export const listTestNumbers = (userId: number) =>
  TestNumber.findAll({ where: { userId }, order: [['id', 'ASC']] });

/**
 * Saves a test number. The owner's row is locked while their numbers are counted, so two additions
 * at once cannot take them past the limit; the unique (owner, number) index refuses a repeat.
 */
export async function addTestNumber(userId: number, input: CreateTestNumberInput): Promise<TestNumber> {
  const phoneNumber = toE164(input.phoneNumber);
  if (!phoneNumber) throw badRequest(TEST_NUMBER_INVALID_PHONE, { phoneNumber: TEST_NUMBER_INVALID_PHONE });
  if (!isTestCallCountry(phoneNumber))
    throw badRequest(TEST_NUMBER_NOT_US_OR_CANADA, { phoneNumber: TEST_NUMBER_NOT_US_OR_CANADA });
  try {
    return await sequelize.transaction(async (transaction) => {
      await User.findByPk(userId, { attributes: ['id'], lock: transaction.LOCK.UPDATE, transaction });
      const existing = await TestNumber.findAll({
        where: { userId },
        attributes: ['phoneNumber'],
        transaction,
      });
      if (existing.some((row) => row.phoneNumber === phoneNumber)) throw conflict(TEST_NUMBER_TAKEN);
      if (existing.length >= MAX_TEST_NUMBERS) throw overQuota(409, TEST_NUMBERS_FULL);
      return TestNumber.create({ userId, phoneNumber, label: input.label || null }, { transaction });
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw conflict(TEST_NUMBER_TAKEN);
    throw err;
  }
}

export async function removeTestNumber(userId: number, id: number): Promise<void> {
  const row = await findOwned(TestNumber, id, userId, { message: TEST_NUMBER_NOT_FOUND });
  await row.destroy();
}

/** Whether the number (E.164) is one of the owner's saved test numbers. */
export async function isSavedTestNumber(userId: number, phoneNumber: string): Promise<boolean> {
  return (await TestNumber.count({ where: { userId, phoneNumber } })) > 0;
}
