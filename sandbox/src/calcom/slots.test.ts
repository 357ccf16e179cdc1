import { describe, expect, it } from 'vitest';
import { hostBusyTimes } from './catalog';
import { freeSlotStarts, groupSlots, isoInZone } from './slots';

const at = (iso: string) => new Date(iso).getTime();
const iso = (ms: number) => new Date(ms).toISOString();

describe('the Cal.com sandbox slot maths', () => {
  // Monday 2030-03-04 (Eastern Standard Time, UTC-5).
  const monday = { from: at('2030-03-04T00:00:00Z'), to: at('2030-03-05T00:00:00Z'), now: 0 };

  it('lays slots one event length apart within the hours, leaving out the busy times', () => {
    const starts = freeSlotStarts({ ...monday, lengthMinutes: 60 }, hostBusyTimes(monday.from, monday.to));
    // 9:00-17:00 New York is 14:00-22:00 UTC; lunch (12:00-13:00 local) is busy.
    expect(starts.map(iso)).toEqual([
      '2030-03-04T14:00:00.000Z',
      '2030-03-04T15:00:00.000Z',
      '2030-03-04T16:00:00.000Z',
      '2030-03-04T18:00:00.000Z',
      '2030-03-04T19:00:00.000Z',
      '2030-03-04T20:00:00.000Z',
      '2030-03-04T21:00:00.000Z',
    ]);
  });

  it('leaves out a booked slot, any slot overlapping it, and slots already past', () => {
    const booked = { start: at('2030-03-04T14:30:00Z'), end: at('2030-03-04T15:00:00Z') };
    const starts = freeSlotStarts({ ...monday, lengthMinutes: 30, now: at('2030-03-04T14:10:00Z') }, [
      ...hostBusyTimes(monday.from, monday.to),
      booked,
    ]);
    expect(starts.map(iso).slice(0, 3)).toEqual([
      '2030-03-04T15:00:00.000Z',
      '2030-03-04T15:30:00.000Z',
      '2030-03-04T16:00:00.000Z',
    ]);
    expect(starts).not.toContain(at('2030-03-04T14:00:00Z'));
    expect(starts).toHaveLength(16 - 2 - 2);
  });

  it('offers nothing on a weekend, and follows the host’s clock across the spring change', () => {
    const weekend = { from: at('2030-03-09T00:00:00Z'), to: at('2030-03-11T00:00:00Z'), now: 0 };
    expect(freeSlotStarts({ ...weekend, lengthMinutes: 30 }, [])).toEqual([]);
    // Daylight time starts on 2030-03-10: Monday 9:00 New York is then 13:00 UTC.
    const after = { from: at('2030-03-11T00:00:00Z'), to: at('2030-03-12T00:00:00Z'), now: 0 };
    expect(iso(freeSlotStarts({ ...after, lengthMinutes: 30 }, [])[0]!)).toBe('2030-03-11T13:00:00.000Z');
  });

  it('takes a range in the middle of a day: only the starts inside it', () => {
    const range = { from: at('2030-03-04T15:00:00Z'), to: at('2030-03-04T16:00:00Z'), now: 0 };
    expect(freeSlotStarts({ ...range, lengthMinutes: 30 }, []).map(iso)).toEqual([
      '2030-03-04T15:00:00.000Z',
      '2030-03-04T15:30:00.000Z',
    ]);
  });

  it('writes starts with the asked zone’s offset and groups them by that zone’s day', () => {
    expect(isoInZone(at('2030-03-04T14:00:00Z'), 'America/New_York')).toBe('2030-03-04T09:00:00.000-05:00');
    expect(isoInZone(at('2030-03-04T14:00:00Z'), 'Asia/Kolkata')).toBe('2030-03-04T19:30:00.000+05:30');
    const late = at('2030-03-04T21:00:00Z');
    expect(groupSlots([late], 60, 'Asia/Tokyo', true)).toEqual({
      '2030-03-05': [{ start: '2030-03-05T06:00:00.000+09:00', end: '2030-03-05T07:00:00.000+09:00' }],
    });
    expect(groupSlots([late], 60, 'UTC', false)).toEqual({
      '2030-03-04': [{ start: '2030-03-04T21:00:00.000+00:00' }],
    });
  });
});
