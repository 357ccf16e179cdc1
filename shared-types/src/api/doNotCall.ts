import { object, string, type InferType } from 'yup';
import { isValidPhone } from '../logic/phone';
import { adminListQuerySchema } from './admin';
import { trimmedText } from './fields';

export const DO_NOT_CALL_INVALID_PHONE = 'Please enter a valid phone number';
export const DO_NOT_CALL_NOT_LISTED = 'This number is not on the do-not-call list';

/** GET /api/do-not-call (and the admin's): searched by number or reason, newest first, paged. */
export const doNotCallQuerySchema = adminListQuerySchema;
export type DoNotCallQuery = InferType<typeof doNotCallQuerySchema>;

/** POST /api/do-not-call: a number in any common US format (stored E.164), and why. */
export const addDoNotCallSchema = object({
  phoneNumber: string()
    .trim()
    .required(DO_NOT_CALL_INVALID_PHONE)
    .test('phone', DO_NOT_CALL_INVALID_PHONE, (value) => isValidPhone(value)),
  reason: trimmedText().max(255, 'Reason must be at most 255 characters').nullable().optional(),
});
export type AddDoNotCallInput = InferType<typeof addDoNotCallSchema>;

/** What an upload of numbers did: new on the list, there already, and rows without a valid number. */
export interface DoNotCallUploadResult {
  added: number;
  alreadyPresent: number;
  invalid: number;
}
