import { formatDollars } from '@ringcast/shared-types';
import { formatCallDuration } from '../../../../components/calls/callFormat';

const DASH = '—';

/** part / whole, null when there is nothing to divide by (a rate of no call is not 0%). */
export const rateOf = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/**
 * "64%", "5.3%" under 10 %, "—" for no rate. A rate short of all is never rounded up to 100 %,
 * nor one above nothing down to 0 %.
 */
export function formatPercent(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return DASH;
  const percent = rate * 100;
  // One decimal under 10 %, as rounded to it: 9.96 % is 10 %, written whole.
  const digits = percent > 0 && Math.round(percent * 10) / 10 < 10 ? 1 : 0;
  const step = 10 ** -digits;
  let shown = Math.round(percent / step) * step;
  if (rate < 1 && shown >= 100) shown = 100 - step;
  if (rate > 0 && shown <= 0) shown = step;
  return `${shown.toFixed(digits)}%`;
}

/** "1,234". */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** A length in seconds as "m:ss" ("3:07"); "—" when there is none. */
export const formatTalkTime = (seconds: number | null) =>
  seconds === null ? DASH : formatCallDuration(seconds);

/** A response time: "640 ms" under a second, "1.24 s" from one; "—" when none was measured. */
export function formatMs(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return DASH;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** A decimal amount as dollars; "—" when it has no value (a cost per booking with no booking). */
export const formatMoneyOrDash = (amount: string | null) => (amount === null ? DASH : formatDollars(amount));

/** "2026-12-07" -> "Dec 7", read as the UTC day the server counts. */
export const shortDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** "1 call", "6 calls": a count with its noun. */
export const countOf = (n: number, singular: string, plural = `${singular}s`) =>
  `${formatCount(n)} ${n === 1 ? singular : plural}`;
