import { array, mixed, object, string } from 'yup';
import { MAX_TRANSFER_DESTINATIONS, TRANSFER_LABEL_MAX } from '../domain/transfer';
import { isClockTime, minuteOfClock } from '../logic/callingWindow';
import { isE164Phone } from '../logic/phone';
import { WEEKDAYS, isKnownTimeZone, type Weekday } from '../logic/zonedTime';
import { trimmedText } from './fields';

export const TRANSFER_MESSAGES = {
  label: 'Give each transfer number a label, such as Sales',
  labelLength: `A label must be at most ${TRANSFER_LABEL_MAX} characters`,
  labelsUnique: 'Each transfer number needs a label of its own',
  phone: 'Enter the number in international format, such as +12125550100',
  count: `At most ${MAX_TRANSFER_DESTINATIONS} transfer numbers`,
  days: 'Choose at least one day',
  clock: 'Hours are times such as 09:00',
  order: 'The end must be after the start',
  timeZone: 'Choose a time zone',
} as const;

const transferHoursSchema = object({
  days: array(
    mixed<Weekday>()
      .oneOf([...WEEKDAYS], TRANSFER_MESSAGES.days)
      .required(),
  )
    .required(TRANSFER_MESSAGES.days)
    .min(1, TRANSFER_MESSAGES.days)
    .max(7, TRANSFER_MESSAGES.days),
  from: string()
    .required(TRANSFER_MESSAGES.clock)
    .test('clock', TRANSFER_MESSAGES.clock, (v) => isClockTime(v)),
  to: string()
    .required(TRANSFER_MESSAGES.clock)
    .test('clock', TRANSFER_MESSAGES.clock, (v) => isClockTime(v)),
  timeZone: string()
    .required(TRANSFER_MESSAGES.timeZone)
    .test('zone', TRANSFER_MESSAGES.timeZone, (v) => isKnownTimeZone(v)),
})
  .nullable()
  .default(null)
  .test('order', TRANSFER_MESSAGES.order, (v) =>
    !v || !isClockTime(v.from) || !isClockTime(v.to) ? true : minuteOfClock(v.to) > minuteOfClock(v.from),
  );

export const transferDestinationSchema = object({
  label: trimmedText()
    .required(TRANSFER_MESSAGES.label)
    .max(TRANSFER_LABEL_MAX, TRANSFER_MESSAGES.labelLength),
  phoneNumber: string()
    .trim()
    .required(TRANSFER_MESSAGES.phone)
    .test('e164', TRANSFER_MESSAGES.phone, (v) => isE164Phone(v)),
  hours: transferHoursSchema,
});

/** `transferDestinations` on POST/PUT /api/campaigns: empty = the owner's profile number ("Office"). */
export const transferDestinationsSchema = array(transferDestinationSchema.required())
  .max(MAX_TRANSFER_DESTINATIONS, TRANSFER_MESSAGES.count)
  .test('unique', TRANSFER_MESSAGES.labelsUnique, (list) => {
    const labels = (list ?? []).map((d) => d?.label?.trim().toLowerCase());
    return new Set(labels).size === labels.length;
  });
