/**
 * Wall-clock time in an IANA zone, through `Intl` only: the runtime's zone database decides each
 * offset, daylight saving included, so no offset is ever written down here.
 */

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A calendar day and the minute of that day, as a clock in the zone shows them. */
export interface LocalTime {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  weekday: Weekday;
  /** Minutes since local midnight, 0-1439. */
  minute: number;
}

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** True when the runtime knows the zone by this IANA name. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

function fieldsAt(instant: number, zone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** Clock changes fall on whole quarter hours (UTC), so a zone's offset is one value per quarter. */
const QUARTER_MS = 900_000;
/** Per zone: the offset of each UTC day without a clock change, and of each quarter of a day with one. */
const offsetsByZone = new Map<string, { days: Map<number, number>; quarters: Map<number, number> }>();
/** No zone changes its clock twice within a day: equal offsets at both ends mean one offset all day. */
const MIXED_DAY = Number.NaN;

function offsetAtQuarter(quarter: number, zone: string, cache: Map<number, number>): number {
  let offset = cache.get(quarter);
  if (offset === undefined) {
    const at = quarter * QUARTER_MS;
    const f = fieldsAt(at, zone);
    offset = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - at;
    if (cache.size > 50_000) cache.clear();
    cache.set(quarter, offset);
  }
  return offset;
}

/**
 * How far the zone's clock is ahead of UTC at this instant, in milliseconds. Remembered per UTC
 * day (per quarter hour on the two days a year the clock changes), by numbers rather than
 * strings: the dispatcher asks this thousands of times a second.
 */
function offsetAt(instant: number, zone: string): number {
  let cache = offsetsByZone.get(zone);
  if (!cache) {
    cache = { days: new Map(), quarters: new Map() };
    offsetsByZone.set(zone, cache);
  }
  const day = Math.floor(instant / DAY_MS);
  let offset = cache.days.get(day);
  if (offset === undefined) {
    const quartersPerDay = DAY_MS / QUARTER_MS;
    const first = offsetAtQuarter(day * quartersPerDay, zone, cache.quarters);
    const last = offsetAtQuarter((day + 1) * quartersPerDay - 1, zone, cache.quarters);
    offset = first === last ? first : MIXED_DAY;
    if (cache.days.size > 50_000) cache.days.clear();
    cache.days.set(day, offset);
  }
  return Number.isNaN(offset)
    ? offsetAtQuarter(Math.floor(instant / QUARTER_MS), zone, cache.quarters)
    : offset;
}

export function localTimeAt(instant: Date | number, zone: string): LocalTime {
  const at = typeof instant === 'number' ? instant : instant.getTime();
  const wall = new Date(at + offsetAt(at, zone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: WEEKDAYS[wall.getUTCDay()],
    minute: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
  };
}

/**
 * The instant a clock in the zone shows this day and minute. A minute shown twice (the hour
 * repeated when daylight saving ends) answers its first showing; a minute skipped when it starts
 * answers as far past the change as it was meant to be past the skipped hour's start, as
 * Temporal's "compatible" reading does (02:30 on that day is 03:30 daylight time).
 */
export function instantOfLocal(
  day: { year: number; month: number; day: number },
  minute: number,
  zone: string,
): number {
  const wall = Date.UTC(day.year, day.month - 1, day.day, 0, minute);
  const before = offsetAt(wall - DAY_MS, zone);
  const after = offsetAt(wall + DAY_MS, zone);
  // The earlier of the instants whose clock shows this wall time (offsets are east of UTC when larger).
  const [early, late] = before >= after ? [wall - before, wall - after] : [wall - after, wall - before];
  if (early + offsetAt(early, zone) === wall) return early;
  if (late + offsetAt(late, zone) === wall) return late;
  return wall - before;
}

/** The calendar day after (or, with a negative count, before) this one. */
export function addDays(day: { year: number; month: number; day: number }, count: number) {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + count));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function weekdayOf(day: { year: number; month: number; day: number }): Weekday {
  return WEEKDAYS[new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay()];
}
