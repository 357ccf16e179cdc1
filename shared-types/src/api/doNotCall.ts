import { object, string, type InferType } from 'yup';
import type { DoNotCallImport } from '../domain/doNotCall';
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

/**
 * Files with up to this many rows (below the header) are added inside the request and answered
 * 200 with their counts; larger ones answer 202 with an import the worker carries out.
 */
export const DO_NOT_CALL_SYNC_MAX_ROWS = 10_000;

/** 202 from POST .../upload, with `Location: .../imports/:id` to follow its progress. */
export interface DoNotCallImportAccepted {
  import: DoNotCallImport;
}

/** 409 for an upload or a number that would take the account's list past its cap. */
export const doNotCallListFullMessage = (maxNumbers: number) =>
  `A do-not-call list can hold at most ${maxNumbers.toLocaleString('en-US')} numbers, and this would take yours past that. Remove numbers you no longer need, then try again.`;

/** The stored upload of an import could not be read to the end. */
export const DO_NOT_CALL_IMPORT_GAVE_UP = 'We could not finish reading this file. Please upload it again.';
export const DO_NOT_CALL_IMPORT_NOT_FOUND = 'Import not found';
