import { describe, expect, it } from 'vitest';
import { formatAge, formatSchedule } from './formatAge';

describe('formatAge', () => {
  it('shows a dash for an empty stream and 0 s under a second', () => {
    expect(formatAge(null)).toBe('—');
    expect(formatAge(0)).toBe('0 s');
    expect(formatAge(999)).toBe('0 s');
    expect(formatAge(-5)).toBe('0 s');
  });

  it('shows two units at most, the larger first, and drops an empty second one', () => {
    expect(formatAge(3_400)).toBe('3 s');
    expect(formatAge(59_999)).toBe('59 s');
    expect(formatAge(60_000)).toBe('1 min');
    expect(formatAge(252_000)).toBe('4 min 12 s');
    expect(formatAge(2 * 3_600_000 + 5 * 60_000 + 30_000)).toBe('2 h 5 min');
    expect(formatAge(3 * 86_400_000 + 4 * 3_600_000 + 59 * 60_000)).toBe('3 d 4 h');
  });
});

describe('formatSchedule', () => {
  it("names the job table's interval, or none", () => {
    expect(formatSchedule(1_000)).toBe('Every 1 s');
    expect(formatSchedule(5 * 60_000)).toBe('Every 5 min');
    expect(formatSchedule(null)).toBe('On demand');
  });
});
