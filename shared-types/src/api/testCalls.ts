import { object, type InferType } from 'yup';
import { countryOfPhone, isValidPhone } from '../logic/phone';
import { trimmedText } from './fields';

/**
 * Test calls ring only the owner's own phones (DESIGN.md decision 9): the profile's number or one
 * of a few test numbers saved on /account, in the US or Canada, never a do-not-call number.
 */

/** How many test numbers one account may keep. */
export const MAX_TEST_NUMBERS = 5;
/** Where a test call may ring: libphonenumber's country of the number. */
export const TEST_CALL_COUNTRIES: readonly string[] = ['US', 'CA'];

export const TEST_NUMBER_INVALID_PHONE = 'Please enter a valid phone number';
export const TEST_NUMBER_NOT_US_OR_CANADA = 'Test numbers must be US or Canadian phone numbers.';
export const TEST_NUMBERS_FULL = `You have ${MAX_TEST_NUMBERS} test numbers, the most an account can keep. Remove one before adding another.`;
export const TEST_NUMBER_TAKEN = 'This number is already one of your test numbers.';
export const TEST_NUMBER_NOT_FOUND = 'Test number not found';

export const TEST_CALL_NOT_OWN_PHONE =
  'Test calls ring only your own phones. Add this number under Test numbers on your account page.';
export const TEST_CALL_NOT_US_OR_CANADA =
  'Test calls ring only US and Canadian numbers. Add a US or Canadian number under Test numbers on your account page.';
export const TEST_CALL_ON_OWN_DO_NOT_CALL = 'This number is on your do-not-call list.';
export const TEST_CALL_ON_PLATFORM_DO_NOT_CALL = "This number is on Ringcast's do-not-call list.";
export const TEST_CALL_IN_PROGRESS = 'Your last test call has not ended yet. Try again once it has.';

/** A number a test call may ring, as far as the number itself goes (US or Canada). */
export const isTestCallCountry = (phone: string) => TEST_CALL_COUNTRIES.includes(countryOfPhone(phone) ?? '');

/** POST /api/test-numbers: a US or Canadian number in any common format (stored E.164), and a label. */
export const createTestNumberSchema = object({
  phoneNumber: trimmedText()
    .required(TEST_NUMBER_INVALID_PHONE)
    .max(40, TEST_NUMBER_INVALID_PHONE)
    .test('phone', TEST_NUMBER_INVALID_PHONE, (value) => isValidPhone(value))
    .test(
      'country',
      TEST_NUMBER_NOT_US_OR_CANADA,
      (value) => !isValidPhone(value) || isTestCallCountry(value),
    ),
  label: trimmedText().max(64, 'Label must be at most 64 characters').nullable().optional(),
});
export type CreateTestNumberInput = InferType<typeof createTestNumberSchema>;

/** A phone of the owner's that test calls may ring besides the profile's. */
export interface TestNumber {
  id: number;
  /** E.164. */
  phoneNumber: string;
  label: string | null;
  createdAt: string;
}
