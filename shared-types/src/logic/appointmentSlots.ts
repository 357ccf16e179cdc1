import type { AppointmentHours } from '../domain/appointment';
import { minuteOfClock } from './callingWindow';
import { addDays, instantOfLocal, localTimeAt, weekdayOf } from './zonedTime';

/**
 * Bookable slots: the starts an appointment may take, from a campaign's appointment hours (in the
 * business's zone), which of them the agent offers, and how a slot is said and written in the
 * prospect's zone. Every local time is built through zonedTime, so daylight saving moves the
 * instants and never the clock times.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A slot is offered only this far ahead of now: the business needs a moment to see it coming. */
export const APPOINTMENT_MIN_LEAD_MINUTES = 60;
/** How many free slots the agent offers at a time. */
export const OFFERED_SLOT_COUNT = 3;

/** Parts of the day a callee may ask for, as minutes of their own clock: [from, to). */
export const PARTS_OF_DAY = {
  morning: [0, 12 * 60],
  afternoon: [12 * 60, 17 * 60],
  evening: [17 * 60, 24 * 60],
} as const;
export type PartOfDay = keyof typeof PARTS_OF_DAY;

type Day = { year: number; month: number; day: number };

/**
 * Every slot start of the hours in [from, to), earliest first, as epoch ms. Each bookable day's
 * slots run from `from`, one slot length apart, the last one ending by `to`. A clock time the
 * zone skips (the spring change) lands on the same instant as a later one and is kept once.
 */
export function appointmentSlots(hours: AppointmentHours, from: number, to: number): number[] {
  if (!(to > from)) return [];
  const open = minuteOfClock(hours.from);
  const close = minuteOfClock(hours.to);
  const starts = new Set<number>();
  // A day either side: the business's day may start before `from`'s day in UTC and reach past it.
  let day: Day = addDays(localTimeAt(from, hours.timeZone), -1);
  const last = addDays(localTimeAt(to, hours.timeZone), 1);
  for (; compareDays(day, last) <= 0; day = addDays(day, 1)) {
    if (!hours.days.includes(weekdayOf(day))) continue;
    for (let minute = open; minute + hours.slotMinutes <= close; minute += hours.slotMinutes) {
      const at = instantOfLocal(day, minute, hours.timeZone);
      if (at >= from && at < to) starts.add(at);
    }
  }
  return [...starts].sort((a, b) => a - b);
}

const compareDays = (a: Day, b: Day) =>
  Date.UTC(a.year, a.month - 1, a.day) - Date.UTC(b.year, b.month - 1, b.day);

/** The part of the prospect's day a slot falls in. */
export function partOfDayAt(at: number, zone: string): PartOfDay {
  const { minute } = localTimeAt(at, zone);
  return minute < PARTS_OF_DAY.morning[1]
    ? 'morning'
    : minute < PARTS_OF_DAY.afternoon[1]
      ? 'afternoon'
      : 'evening';
}

/**
 * The slots the agent offers: free ones (not among `booked`), in the part of the prospect's day
 * asked for, spread over the range: the earliest of each part of each day first (the morning's,
 * then the afternoon's), then the earliest left, up to `count`, earliest first. No start twice.
 */
export function pickOfferedSlots(
  candidates: readonly number[],
  booked: Iterable<number>,
  options: { zone: string; partOfDay?: PartOfDay; count?: number },
): number[] {
  const taken = new Set(booked);
  const count = options.count ?? OFFERED_SLOT_COUNT;
  const free = [...new Set(candidates)]
    .filter((at) => !taken.has(at))
    .filter((at) => !options.partOfDay || partOfDayAt(at, options.zone) === options.partOfDay)
    .sort((a, b) => a - b);
  const picked: number[] = [];
  const groups = new Set<string>();
  for (const at of free) {
    if (picked.length >= count) break;
    const local = localTimeAt(at, options.zone);
    const group = `${local.year}-${local.month}-${local.day} ${partOfDayAt(at, options.zone)}`;
    if (groups.has(group)) continue;
    groups.add(group);
    picked.push(at);
  }
  for (const at of free) {
    if (picked.length >= count) break;
    if (!picked.includes(at)) picked.push(at);
  }
  return picked.sort((a, b) => a - b);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * One end of a range the agent asked about: `YYYY-MM-DD` (that day's start, or with `end` the
 * next day's start, so the day is included), a date and time without an offset (read on the
 * prospect's clock), or an ISO instant with its offset. Null when it is none of these.
 */
export function readAskedInstant(text: string, zone: string, end = false): number | null {
  const date = DATE_ONLY.exec(text.trim());
  if (date) {
    const day = { year: Number(date[1]), month: Number(date[2]), day: Number(date[3]) };
    if (!isRealDay(day)) return null;
    return instantOfLocal(end ? addDays(day, 1) : day, 0, zone);
  }
  const local = LOCAL_DATE_TIME.exec(text.trim());
  if (local) {
    const day = { year: Number(local[1]), month: Number(local[2]), day: Number(local[3]) };
    const minute = Number(local[4]) * 60 + Number(local[5]);
    return isRealDay(day) && minute < 24 * 60 ? instantOfLocal(day, minute, zone) : null;
  }
  const at = Date.parse(text);
  return /\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(at) ? at : null;
}

function isRealDay(day: Day): boolean {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day));
  return date.getUTCMonth() === day.month - 1 && date.getUTCDate() === day.day;
}

/**
 * The range a check_availability call asks about, in epoch ms: `to` omitted means to the end of
 * `from`'s day on the prospect's clock. Null when `from` cannot be read or the range is empty.
 */
export function askedRange(
  from: string,
  to: string | undefined,
  zone: string,
): { from: number; to: number } | null {
  const start = readAskedInstant(from, zone);
  if (start === null) return null;
  const end = to
    ? readAskedInstant(to, zone, true)
    : instantOfLocal(addDays(localTimeAt(start, zone), 1), 0, zone);
  return end !== null && end > start ? { from: start, to: end } : null;
}

const WEEKDAY_NAMES = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
} as const;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "10:00 AM" for a minute of the day. */
export function spokenClock(minute: number): string {
  const hour = Math.floor(minute / 60);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minute % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "Tuesday, December 8" on the zone's clock. */
export function spokenDay(at: number, zone: string): string {
  const local = localTimeAt(at, zone);
  return `${WEEKDAY_NAMES[local.weekday]}, ${MONTH_NAMES[local.month - 1]} ${local.day}`;
}

/** How a slot is said to the prospect: "Tuesday, December 8 at 10:00 AM", on their clock. */
export function spokenSlot(at: number, zone: string): string {
  return `${spokenDay(at, zone)} at ${spokenClock(localTimeAt(at, zone).minute)}`;
}

/** ISO 8601 with the zone's offset at that instant, to the minute: 2026-12-08T10:00:00-05:00. */
export function isoInZone(at: number, zone: string): string {
  const whole = Math.floor(at / MINUTE_MS) * MINUTE_MS;
  const local = localTimeAt(whole, zone);
  const wall = Date.UTC(local.year, local.month - 1, local.day, 0, local.minute);
  const offset = Math.round((wall - whole) / MINUTE_MS);
  const sign = offset < 0 ? '-' : '+';
  const pad = (n: number) => String(n).padStart(2, '0');
  const zoneText = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${new Date(wall).toISOString().slice(0, 19)}${zoneText}`;
}

/** Today on the zone's clock as `YYYY-MM-DD` (what the agent's dates are read against). */
export function localDateOf(at: number, zone: string): string {
  return isoInZone(at, zone).slice(0, 10);
}

/** How far ahead the agent looks for the next free slots when none is free in the range asked. */
export const NEXT_FREE_SEARCH_DAYS = 14;
export const nextFreeSearchEnd = (from: number) => from + NEXT_FREE_SEARCH_DAYS * DAY_MS;
