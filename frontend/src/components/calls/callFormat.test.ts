import { describe, expect, it } from 'vitest';
import { formatCallDuration, formatCallTime } from './callFormat';

describe('call formatting', () => {
  it('prints durations as minutes and seconds', () => {
    expect(formatCallDuration(0)).toBe('0:00');
    expect(formatCallDuration(9)).toBe('0:09');
    expect(formatCallDuration(187)).toBe('3:07');
  });

  it('prints a time in the zone asked, and nothing for a zone the browser does not know', () => {
    const iso = '2026-11-26T15:30:00.000Z';
    expect(formatCallTime(iso, 'America/New_York')).toContain('10:30');
    expect(formatCallTime(iso, 'America/Los_Angeles')).toContain('7:30');
    expect(formatCallTime(iso, 'Not/AZone')).toBeNull();
  });
});
