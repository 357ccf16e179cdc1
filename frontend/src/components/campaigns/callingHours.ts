import {
  callingHoursProblem,
  campaignCallingHoursProblem,
  LEGAL_WINDOW,
  formatCallingDays,
  parseCallingDays,
  WEEKDAYS,
  type Campaign,
} from '@ringcast/shared-types';
import type { CallingHoursValue } from './CallingHoursFields';

type StoredHours = Pick<Campaign, 'callingHoursStart' | 'callingHoursEnd' | 'callingDays'>;

/** The stored fields as the form shows them: no days stored means every day ticked. */
export const callingHoursValueOf = (c: StoredHours): CallingHoursValue => ({
  start: c.callingHoursStart ?? '',
  end: c.callingHoursEnd ?? '',
  days: c.callingDays ? parseCallingDays(c.callingDays) : [...WEEKDAYS],
});

/** The form's value as the campaign fields: empty hours and every day are stored as null. */
export const callingHoursFields = (value: CallingHoursValue): StoredHours => ({
  callingHoursStart: value.start || null,
  callingHoursEnd: value.end || null,
  callingDays: value.days.length === WEEKDAYS.length ? null : formatCallingDays(value.days),
});

/** Why these hours cannot be saved (the shared rule the server applies too), or null. */
export function callingHoursProblemOf(value: CallingHoursValue): string | null {
  // No day ticked is not "every day" (which is stored as null): the shared rule names it, over
  // the hours given or the legal window.
  if (!value.days.length)
    return callingHoursProblem({
      start: value.start || LEGAL_WINDOW[0],
      end: value.end || LEGAL_WINDOW[1],
      days: [],
    });
  return campaignCallingHoursProblem(callingHoursFields(value));
}
