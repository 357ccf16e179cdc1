import {
  toE164,
  transferDestinationsSchema,
  type TransferDestination,
  type TransferHours,
  type Weekday,
} from '@ringcast/shared-types';
import { ValidationError } from 'yup';

/** Mon-Fri 9:00-17:00 in `timeZone`: what a destination's hours start at when the owner limits them. */
export const defaultTransferHours = (timeZone: string): TransferHours => ({
  days: ['mon', 'tue', 'wed', 'thu', 'fri'] satisfies Weekday[],
  from: '09:00',
  to: '17:00',
  timeZone,
});

export const emptyDestination = (): TransferDestination => ({ label: '', phoneNumber: '', hours: null });

/**
 * The destinations as they are saved: labels trimmed, a number typed the way people write it
 * ("(212) 555-0100") in E.164, which the schema asks for, and a row added but left blank dropped.
 * A number that does not read as one stays as typed, so the schema names it.
 */
export const normalizedDestinations = (list: readonly TransferDestination[]): TransferDestination[] =>
  list
    .map((d) => {
      const phoneNumber = d.phoneNumber.trim();
      return {
        ...d,
        label: d.label.trim(),
        phoneNumber: (phoneNumber && toE164(phoneNumber)) || phoneNumber,
      };
    })
    .filter((d) => d.label || d.phoneNumber);

/** Why these destinations cannot be saved, by the shared schema the server applies too; null when they can. */
export function transferDestinationsProblem(list: readonly TransferDestination[]): string | null {
  try {
    transferDestinationsSchema.validateSync(list);
    return null;
  } catch (err) {
    if (err instanceof ValidationError) return err.errors[0] ?? err.message;
    throw err;
  }
}
