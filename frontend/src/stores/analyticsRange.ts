import { DEFAULT_ANALYTICS_DAYS, MAX_ANALYTICS_DAYS } from '@ringcast/shared-types';

/** UTC days, both included, as the server counts them: "2026-12-01". */
export interface AnalyticsRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

/** The UTC day of an instant. */
export const utcDayOf = (at: Date) => at.toISOString().slice(0, 10);

const addDays = (day: string, days: number) =>
  utcDayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** Days from..to, both counted. */
export const daysIn = (range: AnalyticsRange) =>
  Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS) + 1;

/** Today (UTC) and the `days - 1` days before it. */
export function lastDays(days: number, now = new Date()): AnalyticsRange {
  const to = utcDayOf(now);
  return { from: addDays(to, -(days - 1)), to };
}

export const ANALYTICS_PRESETS = [7, 30, 90].map((days) => ({ days, label: `Last ${days} days` }));

export const defaultAnalyticsRange = (now = new Date()) => lastDays(DEFAULT_ANALYTICS_DAYS, now);

/** Whether a range can be asked for: ends on or after it starts and spans what the server allows. */
export const isAskableRange = (range: AnalyticsRange) =>
  range.from <= range.to && daysIn(range) <= MAX_ANALYTICS_DAYS;
