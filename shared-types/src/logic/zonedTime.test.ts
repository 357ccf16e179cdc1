import { describe, expect, it } from 'vitest';
import { instantOfLocal, localTimeAt } from './zonedTime';

const iso = (at: number) => new Date(at).toISOString();

describe('instantOfLocal', () => {
  // US daylight saving: 2026-03-08 to 2026-11-01 and 2027-03-14 to 2027-11-07.
  it.each([
    ['America/New_York', 2026, 3, 7, '08:00', '2026-03-07T13:00:00.000Z'],
    ['America/New_York', 2026, 3, 8, '08:00', '2026-03-08T12:00:00.000Z'],
    ['America/New_York', 2026, 10, 31, '21:00', '2026-11-01T01:00:00.000Z'],
    ['America/New_York', 2026, 11, 1, '21:00', '2026-11-02T02:00:00.000Z'],
    ['America/Chicago', 2027, 3, 13, '08:00', '2027-03-13T14:00:00.000Z'],
    ['America/Chicago', 2027, 3, 14, '08:00', '2027-03-14T13:00:00.000Z'],
    ['America/Los_Angeles', 2027, 11, 6, '08:00', '2027-11-06T15:00:00.000Z'],
    ['America/Los_Angeles', 2027, 11, 7, '08:00', '2027-11-07T16:00:00.000Z'],
    ['America/Phoenix', 2026, 7, 1, '08:00', '2026-07-01T15:00:00.000Z'],
    ['America/Phoenix', 2026, 12, 1, '08:00', '2026-12-01T15:00:00.000Z'],
    ['Pacific/Guam', 2026, 7, 1, '08:00', '2026-06-30T22:00:00.000Z'],
    // 02:30 does not exist on the spring day: read as 03:30 daylight time.
    ['America/New_York', 2026, 3, 8, '02:30', '2026-03-08T07:30:00.000Z'],
    // 01:30 is shown twice on the fall day: its first showing, still daylight time.
    ['America/New_York', 2026, 11, 1, '01:30', '2026-11-01T05:30:00.000Z'],
  ])('%s %i-%i-%i %s is %s', (zone, year, month, day, clock, expected) => {
    const [h, m] = clock.split(':').map(Number);
    expect(iso(instantOfLocal({ year, month, day }, h * 60 + m, zone))).toBe(expected);
  });
});

describe('localTimeAt', () => {
  it('reads the day, the weekday and the minute in the zone', () => {
    expect(localTimeAt(new Date('2026-11-26T03:30:00Z'), 'America/Los_Angeles')).toEqual({
      year: 2026,
      month: 11,
      day: 25,
      weekday: 'wed',
      minute: 19 * 60 + 30,
    });
  });
});
