/**
 * What every Cal.com sandbox account holds from the start: its user, its event types, the weekly
 * hours it takes bookings in and the host's own busy times (a calendar linked to Cal.com would
 * show these), so not every slot within the hours is free. Every API key is an account of its own
 * with this same catalog; the bookings made through the API are per key (store.ts).
 */
import { addDays, instantOfLocal, localTimeAt, weekdayOf, type Weekday } from '@ringcast/shared-types';

export const HOST_TIME_ZONE = 'America/New_York';

/** GET /v2/me, as Cal.com answers it (its `data`). */
export const SANDBOX_ME = {
  id: 1001,
  username: 'sandbox-host',
  email: 'host@calcom-sandbox.test',
  name: 'Sandbox Host',
  bio: null,
  avatarUrl: null,
  timeZone: HOST_TIME_ZONE,
  weekStart: 'Monday',
  timeFormat: 12,
  defaultScheduleId: 1,
  locale: 'en',
  organizationId: null,
  organization: null,
};

export interface SandboxEventType {
  id: number;
  title: string;
  slug: string;
  lengthInMinutes: number;
  description: string;
}

export const EVENT_TYPES: SandboxEventType[] = [
  { id: 1101, title: '15 Minute Meeting', slug: '15min', lengthInMinutes: 15, description: 'A quick call.' },
  { id: 1102, title: '30 Minute Meeting', slug: '30min', lengthInMinutes: 30, description: 'A meeting.' },
  {
    id: 1103,
    title: '60 Minute Consultation',
    slug: '60min',
    lengthInMinutes: 60,
    description: 'A longer consultation.',
  },
];

export const eventTypeById = (id: number) => EVENT_TYPES.find((type) => type.id === id);

/** GET /v2/event-types (cal-api-version 2024-06-14): one event type as Cal.com shows it. */
export function presentEventType(type: SandboxEventType) {
  return {
    id: type.id,
    ownerId: SANDBOX_ME.id,
    lengthInMinutes: type.lengthInMinutes,
    lengthInMinutesOptions: [],
    title: type.title,
    slug: type.slug,
    description: type.description,
    locations: [{ type: 'integration', integration: 'cal-video' }],
    bookingFields: [],
    disableGuests: false,
    slotInterval: null,
    minimumBookingNotice: 0,
    beforeEventBuffer: 0,
    afterEventBuffer: 0,
    recurrence: null,
    metadata: {},
    price: 0,
    currency: 'usd',
    lockTimeZoneToggleOnBookingPage: false,
    seatsPerTimeSlot: null,
    forwardParamsSuccessRedirect: true,
    successRedirectUrl: null,
    isInstantEvent: false,
    scheduleId: SANDBOX_ME.defaultScheduleId,
    hidden: false,
    bookingRequiresAuthentication: false,
    users: [{ id: SANDBOX_ME.id, name: SANDBOX_ME.name, username: SANDBOX_ME.username }],
  };
}

/** The weekly hours bookings are taken in, in the host's zone: Mon-Fri 9:00-17:00. */
export const WORKING_HOURS = {
  days: ['mon', 'tue', 'wed', 'thu', 'fri'] as Weekday[],
  fromMinute: 9 * 60,
  toMinute: 17 * 60,
};

/** The host's own busy times, by weekday, in local minutes: lunch every day, meetings on some. */
const BUSY_BY_WEEKDAY: Partial<Record<Weekday, [number, number][]>> = {
  mon: [[12 * 60, 13 * 60]],
  tue: [
    [9 * 60, 10 * 60 + 30],
    [12 * 60, 13 * 60],
  ],
  wed: [
    [12 * 60, 13 * 60],
    [15 * 60, 16 * 60],
  ],
  thu: [
    [9 * 60, 10 * 60 + 30],
    [12 * 60, 13 * 60],
  ],
  fri: [
    [12 * 60, 13 * 60],
    [16 * 60, 17 * 60],
  ],
};

export interface Interval {
  /** Epoch ms. */
  start: number;
  end: number;
}

/** Each local day (in the host's zone) touching [from, to). */
export function hostDaysBetween(from: number, to: number) {
  const days = [];
  const first = localTimeAt(from, HOST_TIME_ZONE);
  const last = localTimeAt(Math.max(from, to - 1), HOST_TIME_ZONE);
  const lastKey = Date.UTC(last.year, last.month - 1, last.day);
  for (let day = { year: first.year, month: first.month, day: first.day }; ; day = addDays(day, 1)) {
    if (Date.UTC(day.year, day.month - 1, day.day) > lastKey) return days;
    days.push(day);
  }
}

/** The host's seeded busy times overlapping [from, to). */
export function hostBusyTimes(from: number, to: number): Interval[] {
  return hostDaysBetween(from, to).flatMap((day) => {
    return (BUSY_BY_WEEKDAY[weekdayOf(day)] ?? []).map(([startMinute, endMinute]) => ({
      start: instantOfLocal(day, startMinute, HOST_TIME_ZONE),
      end: instantOfLocal(day, endMinute, HOST_TIME_ZONE),
    }));
  });
}
