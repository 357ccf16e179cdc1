import { addDays, weekdayOf } from './zonedTime';

type Day = { year: number; month: number; day: number };

/** The n-th given weekday (0 Sunday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Day {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return { year, month, day: 1 + ((weekday - first + 7) % 7) + (n - 1) * 7 };
  }
  const lastDay = new Date(Date.UTC(year, month, 0));
  const back = (lastDay.getUTCDay() - weekday + 7) % 7;
  return { year, month, day: lastDay.getUTCDate() - back };
}

const key = (d: Day) => `${d.year}-${d.month}-${d.day}`;
const cache = new Map<number, Set<string>>();

/**
 * The federal legal holidays of a year (5 U.S.C. §6103), each on its date and, when that is a
 * weekend, on the weekday it is observed. State laws that forbid calls "on legal holidays" name
 * their own lists; these are what they share *(inference: the federal list stands for them)*.
 */
function holidaysOf(year: number): Set<string> {
  let set = cache.get(year);
  if (set) return set;
  const fixed: Day[] = [
    { year, month: 1, day: 1 },
    { year, month: 6, day: 19 },
    { year, month: 7, day: 4 },
    { year, month: 11, day: 11 },
    { year, month: 12, day: 25 },
  ];
  const floating: Day[] = [
    nthWeekday(year, 1, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day
    nthWeekday(year, 11, 4, 4), // Thanksgiving Day
  ];
  set = new Set([...fixed, ...floating].map(key));
  for (const day of fixed) {
    const weekday = weekdayOf(day);
    if (weekday === 'sat') set.add(key(addDays(day, -1)));
    if (weekday === 'sun') set.add(key(addDays(day, 1)));
  }
  cache.set(year, set);
  return set;
}

export function isLegalHoliday(day: Day): boolean {
  return (
    holidaysOf(day.year).has(key(day)) ||
    (day.month === 12 && day.day === 31 && holidaysOf(day.year + 1).has(key(day)))
  );
}
