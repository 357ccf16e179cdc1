import { describe, expect, it } from 'vitest';
import { shownTimeZone, zoneCommonName, zoneGroups } from './zoneNames';

const ALASKA_907 = ['America/Adak', 'America/Anchorage', 'America/Juneau', 'America/Sitka', 'America/Nome'];

describe('zoneCommonName', () => {
  it('names a zone as people say it, the same in summer and winter', () => {
    expect(zoneCommonName('America/Anchorage')).toBe('Alaska Time');
    expect(zoneCommonName('America/Chicago')).toBe('Central Time');
    expect(zoneCommonName('America/Adak')).toBe('Hawaii-Aleutian Time');
    expect(zoneCommonName('America/New_York')).toBe('Eastern Time');
  });

  it('keeps the id of a zone Intl does not know', () => {
    expect(zoneCommonName('Mars/Olympus_Mons')).toBe('Mars/Olympus_Mons');
  });
});

describe('zoneGroups and shownTimeZone', () => {
  it('shows a 907 number in Alaska Time, with Adak apart', () => {
    expect(zoneGroups(ALASKA_907)).toEqual([
      {
        name: 'Alaska Time',
        timeZones: ['America/Anchorage', 'America/Juneau', 'America/Sitka', 'America/Nome'],
      },
      { name: 'Hawaii-Aleutian Time', timeZones: ['America/Adak'] },
    ]);
    expect(shownTimeZone(ALASKA_907)).toBe('America/Anchorage');
  });

  it('takes the first listed zone on a tie, and none of none', () => {
    expect(shownTimeZone(['America/Chicago', 'America/New_York'])).toBe('America/Chicago');
    expect(shownTimeZone(['America/New_York'])).toBe('America/New_York');
    expect(shownTimeZone([])).toBeNull();
  });
});
