/**
 * The Cal.com sandbox's slot maths, pure: which starts of an event type are free in a range, and
 * how GET /v2/slots (cal-api-version 2024-09-04) groups them: by day in the asked zone, each start
 * an ISO 8601 time with that zone's offset, as Cal.com answers.
 */
import { instantOfLocal, localTimeAt, weekdayOf } from '@ringcast/shared-types';
import { HOST_TIME_ZONE, WORKING_HOURS, hostDaysBetween, type Interval } from './catalog';

const MINUTE = 60_000;

export interface SlotQuery {
  /** Epoch ms: slots starting at or after this... */
  from: number;
  /** ...and before this. */
  to: number;
  lengthMinutes: number;
  /** Slots starting before now are never offered. */
  now: number;
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/** Starts (epoch ms) of the free slots in the query's range, earliest first. */
export function freeSlotStarts(query: SlotQuery, busy: Interval[]): number[] {
  const { from, to, lengthMinutes, now } = query;
  const starts: number[] = [];
  // A day's slots are laid from its opening time, one event length apart, as Cal.com lays them.
  for (const day of hostDaysBetween(from, to)) {
    if (!WORKING_HOURS.days.includes(weekdayOf(day))) continue;
    for (
      let minute = WORKING_HOURS.fromMinute;
      minute + lengthMinutes <= WORKING_HOURS.toMinute;
      minute += lengthMinutes
    ) {
      const start = instantOfLocal(day, minute, HOST_TIME_ZONE);
      const slot = { start, end: start + lengthMinutes * MINUTE };
      if (start < from || start >= to || start < now) continue;
      if (busy.some((interval) => overlaps(slot, interval))) continue;
      starts.push(start);
    }
  }
  return starts.sort((a, b) => a - b);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The instant as a clock in `zone` shows it, with the zone's offset: 2050-09-05T09:00:00.000-04:00. */
export function isoInZone(instant: number, zone: string): string {
  const local = localTimeAt(instant, zone);
  const wall = Date.UTC(local.year, local.month - 1, local.day, 0, local.minute);
  const seconds = Math.floor((instant % MINUTE) / 1000);
  const millis = instant % 1000;
  const offset = Math.round((wall - (instant - (instant % MINUTE))) / MINUTE);
  const sign = offset < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(offset) / 60);
  return (
    `${local.year}-${pad(local.month)}-${pad(local.day)}T${pad(Math.floor(local.minute / 60))}:` +
    `${pad(local.minute % 60)}:${pad(seconds)}.${pad(millis, 3)}${sign}${pad(hours)}:${pad(Math.abs(offset) % 60)}`
  );
}

/** The day key Cal.com groups a slot under: its date in the asked zone. */
export const dayKeyInZone = (instant: number, zone: string) => isoInZone(instant, zone).slice(0, 10);

/** GET /v2/slots's `data`: `{ "2050-09-05": [{ start }, ...] }`, with `end` too for format=range. */
export function groupSlots(starts: number[], lengthMinutes: number, zone: string, range: boolean) {
  const days: Record<string, { start: string; end?: string }[]> = {};
  for (const start of starts) {
    const slot = { start: isoInZone(start, zone) };
    const entry = range ? { ...slot, end: isoInZone(start + lengthMinutes * MINUTE, zone) } : slot;
    (days[dayKeyInZone(start, zone)] ??= []).push(entry);
  }
  return days;
}
