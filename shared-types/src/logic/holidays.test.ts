import { describe, expect, it } from 'vitest';
import { isLegalHoliday } from './holidays';

describe('isLegalHoliday', () => {
  it.each([
    [2026, 1, 1, true],
    [2026, 1, 19, true], // Martin Luther King, Jr. Day
    [2026, 5, 25, true], // Memorial Day
    [2026, 7, 3, true], // July 4th is a Saturday: observed Friday
    [2026, 7, 4, true],
    [2026, 11, 26, true], // Thanksgiving
    [2026, 11, 27, false],
    [2027, 12, 24, true], // Christmas is a Saturday: observed Friday
    [2027, 12, 31, true], // New Year's Day 2028 is a Saturday: observed the Friday before
    [2027, 3, 15, false],
  ])('%i-%i-%i: %s', (year, month, day, expected) => {
    expect(isLegalHoliday({ year, month, day })).toBe(expected);
  });
});
