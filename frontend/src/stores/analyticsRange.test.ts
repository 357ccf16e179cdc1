import { describe, expect, it } from 'vitest';
import { daysIn, defaultAnalyticsRange, isAskableRange, lastDays } from './analyticsRange';

describe('analytics range', () => {
  // 23:30 in New York on Dec 6 is already Dec 7 in UTC: the days are the server's.
  const now = new Date('2026-12-07T04:30:00Z');

  it('counts the last days back from today in UTC, today included', () => {
    expect(lastDays(7, now)).toEqual({ from: '2026-12-01', to: '2026-12-07' });
    expect(defaultAnalyticsRange(now)).toEqual({ from: '2026-11-08', to: '2026-12-07' });
    expect(daysIn(lastDays(90, now))).toBe(90);
    expect(lastDays(1, now)).toEqual({ from: '2026-12-07', to: '2026-12-07' });
  });

  it('crosses months and years by the calendar', () => {
    expect(lastDays(3, new Date('2027-01-01T12:00:00Z'))).toEqual({ from: '2026-12-30', to: '2027-01-01' });
  });

  it('asks only for ranges in order and of at most 366 days', () => {
    expect(isAskableRange({ from: '2026-12-01', to: '2026-12-01' })).toBe(true);
    expect(isAskableRange({ from: '2026-12-02', to: '2026-12-01' })).toBe(false);
    expect(isAskableRange({ from: '2025-12-07', to: '2026-12-07' })).toBe(true);
    expect(isAskableRange({ from: '2025-12-06', to: '2026-12-07' })).toBe(false);
  });
});
