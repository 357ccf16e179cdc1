import { STATE_CALLING_RULES, type ClockWindow } from '../data/stateCallingRules';
import { isLegalHoliday } from './holidays';
import { WEEKDAYS, addDays, instantOfLocal, localTimeAt, weekdayOf, type Weekday } from './zonedTime';

/**
 * The federal window for telephone solicitation: not before 8 am nor after 9 pm in the called
 * party's local time (47 CFR 64.1200(c)(1)).
 */
export const LEGAL_WINDOW: ClockWindow = ['08:00', '21:00'];

/** The owner's narrowing of the window: local hours in each prospect's zone, on these weekdays. */
export interface CallingHours {
  start: string;
  end: string;
  days: readonly Weekday[];
}

type Day = { year: number; month: number; day: number };
/** Minutes since local midnight, [start, end). */
type MinuteWindow = readonly [number, number];

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const isClockTime = (text: string) => CLOCK.test(text);

/** Clock texts already read: the window is narrowed by the same few times for every prospect. */
const clockMinutes = new Map<string, number>();

export function minuteOfClock(text: string): number {
  let minute = clockMinutes.get(text);
  if (minute === undefined) {
    const match = CLOCK.exec(text);
    if (!match) throw new Error(`Not a clock time: ${text}`);
    minute = Number(match[1]) * 60 + Number(match[2]);
    if (clockMinutes.size > 10_000) clockMinutes.clear();
    clockMinutes.set(text, minute);
  }
  return minute;
}

export const clockOfMinute = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** `mon,tue` -> ['mon', 'tue']; unknown names are dropped. */
export function parseCallingDays(text: string | null | undefined): Weekday[] {
  const names = (text ?? '').split(',').map((name) => name.trim().toLowerCase());
  return WEEKDAYS.filter((day) => names.includes(day));
}

export const formatCallingDays = (days: readonly Weekday[]) =>
  WEEKDAYS.filter((day) => days.includes(day)).join(',');

/**
 * Why these calling hours cannot be saved, or null when they can: they must lie inside the legal
 * window, end after they start, and name at least one day.
 */
export function callingHoursProblem(hours: {
  start: string;
  end: string;
  days: readonly string[];
}): string | null {
  if (!isClockTime(hours.start) || !isClockTime(hours.end)) return 'Calling hours are times such as 09:00.';
  const [legalStart, legalEnd] = LEGAL_WINDOW.map(minuteOfClock);
  if (minuteOfClock(hours.start) < legalStart || minuteOfClock(hours.end) > legalEnd) {
    return `Calling hours must lie within ${LEGAL_WINDOW[0]}-${LEGAL_WINDOW[1]}, the legal window in each prospect's local time.`;
  }
  if (minuteOfClock(hours.end) <= minuteOfClock(hours.start))
    return 'Calling hours must end after they start.';
  if (!hours.days.length) return 'Choose at least one calling day.';
  return null;
}

function narrow(window: MinuteWindow | null, clock: ClockWindow | null | undefined): MinuteWindow | null {
  if (!window || clock === null) return null;
  if (clock === undefined) return window;
  const start = Math.max(window[0], minuteOfClock(clock[0]));
  const end = Math.min(window[1], minuteOfClock(clock[1]));
  return start < end ? [start, end] : null;
}

/** The law's and the campaign's window on one local day, without the states' rules. */
function baseWindow(day: Day, hours: CallingHours | null): MinuteWindow | null {
  const legal = narrow([0, 1440], LEGAL_WINDOW);
  if (!hours) return legal;
  if (!hours.days.includes(weekdayOf(day))) return null;
  return narrow(legal, [hours.start, hours.end]);
}

/** Every state's rule applies: a number presumed in Florida and addressed in Texas gets both. */
function stateWindow(day: Day, states: readonly string[], window: MinuteWindow | null): MinuteWindow | null {
  let result = window;
  for (const state of states) {
    const rule = STATE_CALLING_RULES[state];
    if (!rule) continue;
    if (rule.noHolidays && isLegalHoliday(day)) return null;
    const override = rule.days?.[weekdayOf(day)];
    result = narrow(result, override === undefined ? rule.hours : override);
  }
  return result;
}

/** Where and whom a window is computed for. */
export interface WindowScope {
  timeZones: readonly string[];
  states: readonly string[];
  hours: CallingHours | null;
  /** A call must be able to ring out this long before the window closes. */
  marginMs: number;
  /** Leave the states' rules out: tells "outside hours" from "a state's rule". */
  withoutStateRules?: boolean;
}

function windowOn(day: Day, scope: WindowScope): MinuteWindow | null {
  const base = baseWindow(day, scope.hours);
  return scope.withoutStateRules ? base : stateWindow(day, scope.states, base);
}

/** True when a call may start at this instant in every zone, with time left to ring out. */
export function isInsideWindow(at: number, scope: WindowScope): boolean {
  return scope.timeZones.every((zone) => {
    const local = localTimeAt(at, zone);
    const window = windowOn(local, scope);
    if (!window) return false;
    const opens = instantOfLocal(local, window[0], zone);
    const closes = instantOfLocal(local, window[1], zone);
    return at >= opens && at + scope.marginMs <= closes;
  });
}

/** How far ahead a window is looked for: a week of days plus a holiday weekend. */
const SEARCH_DAYS = 10;

/** Each zone's window openings on the days `first` to `last` after the zone's own date at `from`. */
function openingsOn(from: number, scope: WindowScope, first: number, last: number): number[] {
  const openings: number[] = [];
  for (const zone of scope.timeZones) {
    const today = localTimeAt(from, zone);
    for (let offset = first; offset <= last; offset++) {
      const day = addDays(today, offset);
      const window = windowOn(day, scope);
      if (window) openings.push(instantOfLocal(day, window[0], zone));
    }
  }
  return openings.sort((a, b) => a - b);
}

/**
 * The first instant at or after `from` when a call may start in every zone, or null when none
 * comes within the search horizon (no calling day, or windows that never overlap). The allowed
 * times are an intersection of intervals, so the first one is `from` or one of their openings.
 * Today's and tomorrow's openings are tried first: they all come before any later day's (a
 * window opens before 24:00 local), and they hold the answer nearly always.
 */
export function nextWindowOpening(from: number, scope: WindowScope): number | null {
  const key = scopeKey(from, scope);
  const known = openingsFound.get(key);
  if (known !== undefined) return known;
  const opening = findWindowOpening(from, scope);
  if (openingsFound.size > 20_000) openingsFound.clear();
  openingsFound.set(key, opening);
  return opening;
}

/**
 * The answers already found, by instant and scope: the dispatcher decides a batch of prospects at
 * one instant, and those in the same zones and states share their answer (the rules are fixed
 * data, so an answer never goes stale).
 */
const openingsFound = new Map<string, number | null>();

const scopeKey = (from: number, scope: WindowScope) =>
  `${from}|${scope.timeZones.join(',')}|${scope.states.join(',')}|${scope.marginMs}|${
    scope.hours ? `${scope.hours.start}-${scope.hours.end}-${scope.hours.days.join(',')}` : ''
  }|${scope.withoutStateRules ? 1 : 0}`;

function findWindowOpening(from: number, scope: WindowScope): number | null {
  if (isInsideWindow(from, scope)) return from;
  const valid = (at: number) => at > from && isInsideWindow(at, scope);
  return (
    openingsOn(from, scope, 0, 1).find(valid) ?? openingsOn(from, scope, 2, SEARCH_DAYS).find(valid) ?? null
  );
}

/** The stricter number of calls to one number in 24 hours the states allow, if any names one. */
export function stateCallCap(states: readonly string[]): number | null {
  const caps = states
    .map((state) => STATE_CALLING_RULES[state]?.maxCallsPer24h)
    .filter((cap) => cap !== undefined);
  return caps.length ? Math.min(...caps) : null;
}
