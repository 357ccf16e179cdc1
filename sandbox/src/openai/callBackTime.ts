import { addDays, instantOfLocal, isoInZone, localTimeAt } from '@ringcast/shared-types';

/** The part of the day a callee names, and the hour a capable model takes it for. */
const DAY_PARTS: [RegExp, number][] = [
  [/\bmorning\b/i, 10],
  [/\bafternoon\b/i, 14],
  [/\bevening\b/i, 18],
];

/**
 * When a callee asks to be called back, read as a capable model reads it on their clock (`zone`):
 * "tomorrow afternoon" is 14:00 tomorrow there, "this evening" 18:00 today (tomorrow once that is
 * past), "next week" a week from today, and 10:00 tomorrow when they name no day or part of it.
 */
export function callBackInstant(words: string, zone: string, now = Date.now()): number {
  const hour = DAY_PARTS.find(([part]) => part.test(words))?.[1] ?? 10;
  const today = /\btoday\b|\bthis (morning|afternoon|evening)\b/i.test(words);
  const days = today ? 0 : /\bnext week\b/i.test(words) ? 7 : 1;
  const day = localTimeAt(now, zone);
  const at = instantOfLocal(addDays(day, days), hour * 60, zone);
  return at > now ? at : instantOfLocal(addDays(day, days + 1), hour * 60, zone);
}

/** The same, as ISO 8601 with the callee's offset (2026-12-08T10:00:00-08:00). */
export const callBackAt = (words: string, zone: string, now = Date.now()) =>
  isoInZone(callBackInstant(words, zone, now), zone);
