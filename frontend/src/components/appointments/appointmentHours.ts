import {
  appointmentHoursSchema,
  DEFAULT_APPOINTMENT_HOURS,
  type AppointmentHours,
} from '@ringcast/shared-types';
import { ValidationError } from 'yup';

/** Mon-Fri 9:00-17:00, 30-minute slots, in `timeZone` (the owner's, else the browser's). */
export const defaultAppointmentHours = (timeZone: string): AppointmentHours => ({
  ...DEFAULT_APPOINTMENT_HOURS,
  days: [...DEFAULT_APPOINTMENT_HOURS.days],
  timeZone,
});

/** Why these hours cannot be saved, by the shared schema the server applies too; null when they can. */
export function appointmentHoursProblem(value: AppointmentHours): string | null {
  try {
    appointmentHoursSchema.validateSync(value);
    return null;
  } catch (err) {
    if (err instanceof ValidationError) return err.errors[0] ?? err.message;
    throw err;
  }
}
