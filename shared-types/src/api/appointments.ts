import { array, mixed, object, string, type InferType } from 'yup';
import {
  APPOINTMENT_SLOT_MINUTES,
  APPOINTMENT_STATUSES,
  type AppointmentSlotMinutes,
} from '../domain/appointment';
import { isClockTime, minuteOfClock } from '../logic/callingWindow';
import { WEEKDAYS, isKnownTimeZone, type Weekday } from '../logic/zonedTime';
import { idParamSchema } from './ids';

export const APPOINTMENT_MESSAGES = {
  notFound: 'Appointment not found',
  alreadyCanceled: 'This appointment is already canceled',
  days: 'Choose at least one day for appointments',
  clock: 'Appointment hours are times such as 09:00',
  order: 'Appointments must end after they start',
  tooShort: 'The appointment hours must hold at least one slot',
  slotMinutes: `Slots are ${APPOINTMENT_SLOT_MINUTES.join(', ')} minutes long`,
  timeZone: 'Choose a time zone from the list',
  range: 'from must be before to',
  /** The agent's tool answer when another call took the slot first. */
  slotTaken: 'that time was just taken',
} as const;

/** `appointmentHours` on POST/PUT /api/campaigns (booking campaigns). */
export const appointmentHoursSchema = object({
  days: array(
    mixed<Weekday>()
      .oneOf([...WEEKDAYS], APPOINTMENT_MESSAGES.days)
      .required(),
  )
    .required(APPOINTMENT_MESSAGES.days)
    .min(1, APPOINTMENT_MESSAGES.days)
    .max(7, APPOINTMENT_MESSAGES.days),
  from: string()
    .required(APPOINTMENT_MESSAGES.clock)
    .test('clock', APPOINTMENT_MESSAGES.clock, (v) => isClockTime(v)),
  to: string()
    .required(APPOINTMENT_MESSAGES.clock)
    .test('clock', APPOINTMENT_MESSAGES.clock, (v) => isClockTime(v)),
  slotMinutes: mixed<AppointmentSlotMinutes>()
    .required(APPOINTMENT_MESSAGES.slotMinutes)
    .oneOf([...APPOINTMENT_SLOT_MINUTES], APPOINTMENT_MESSAGES.slotMinutes),
  timeZone: string()
    .required(APPOINTMENT_MESSAGES.timeZone)
    .test('zone', APPOINTMENT_MESSAGES.timeZone, (v) => isKnownTimeZone(v)),
}).test('order', (value, context) => {
  if (!value || !isClockTime(value.from) || !isClockTime(value.to)) return true;
  const from = minuteOfClock(value.from);
  const to = minuteOfClock(value.to);
  if (to <= from)
    return context.createError({ path: 'appointmentHours.to', message: APPOINTMENT_MESSAGES.order });
  if (to - from < value.slotMinutes)
    return context.createError({ path: 'appointmentHours.to', message: APPOINTMENT_MESSAGES.tooShort });
  return true;
});
export type AppointmentHoursInput = InferType<typeof appointmentHoursSchema>;

const isoDate = (label: string) =>
  string().test('iso', `${label} must be an ISO 8601 date`, (v) => !v || !Number.isNaN(Date.parse(v)));

/** GET /api/appointments?campaignId=&from=&to=&status=: the owner's (admins: all), earliest first. */
export const appointmentQuerySchema = object({
  campaignId: idParamSchema.optional().default(undefined),
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
  status: mixed<(typeof APPOINTMENT_STATUSES)[number]>()
    .oneOf([...APPOINTMENT_STATUSES, undefined], `status must be one of ${APPOINTMENT_STATUSES.join(', ')}`)
    .optional(),
}).test('range', (value, context) =>
  value?.from && value.to && Date.parse(value.from) >= Date.parse(value.to)
    ? context.createError({ path: 'from', message: APPOINTMENT_MESSAGES.range })
    : true,
);
export type AppointmentQuery = InferType<typeof appointmentQuerySchema>;

/** GET /api/calendar-feed and POST /api/calendar-feed/reset: the private iCalendar address. */
export interface CalendarFeed {
  url: string;
}
