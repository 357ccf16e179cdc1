import { describe, expect, it } from 'vitest';
import { formatZonedTime, twoZoneTimes } from './twoZones';

describe('twoZoneTimes', () => {
  const at = '2026-12-08T15:30:00.000Z';

  it("shows the prospect's clock and the viewer's when they differ", () => {
    expect(twoZoneTimes(at, 'America/Chicago', 'Europe/Berlin')).toEqual({
      theirs: 'Tue, Dec 8, 9:30 AM CST',
      yours: 'Tue, Dec 8, 4:30 PM GMT+1',
    });
  });

  it('names the day on each side of midnight', () => {
    expect(twoZoneTimes('2026-12-09T03:00:00.000Z', 'America/Los_Angeles', 'America/New_York')).toEqual({
      theirs: 'Tue, Dec 8, 7:00 PM PST',
      yours: 'Tue, Dec 8, 10:00 PM EST',
    });
    expect(twoZoneTimes('2026-12-09T06:00:00.000Z', 'America/Los_Angeles', 'Asia/Tokyo').yours).toBe(
      'Wed, Dec 9, 3:00 PM GMT+9',
    );
  });

  it('follows summer time in each zone', () => {
    expect(twoZoneTimes('2026-07-01T15:30:00.000Z', 'America/Chicago', 'America/Phoenix')).toEqual({
      theirs: 'Wed, Jul 1, 10:30 AM CDT',
      yours: 'Wed, Jul 1, 8:30 AM MST',
    });
  });

  it('shows one time when both read the same, or the prospect has no known zone', () => {
    expect(twoZoneTimes(at, 'America/New_York', 'America/New_York')).toEqual({
      theirs: 'Tue, Dec 8, 10:30 AM EST',
      yours: null,
    });
    expect(twoZoneTimes(at, null, 'America/New_York')).toEqual({
      theirs: 'Tue, Dec 8, 10:30 AM EST',
      yours: null,
    });
    expect(twoZoneTimes(at, 'Nowhere/Else', 'America/New_York').yours).toBeNull();
  });

  it('answers null for a zone the browser does not know', () => {
    expect(formatZonedTime(at, 'Nowhere/Else')).toBeNull();
  });
});
