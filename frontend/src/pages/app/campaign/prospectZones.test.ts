import { describe, expect, it } from 'vitest';
import { zoneCell, zonePlace } from './prospectZones';

describe('zoneCell', () => {
  it('shows a 907 number as Alaska Time, with Adak on hover', () => {
    const zones = ['America/Adak', 'America/Anchorage', 'America/Juneau', 'America/Sitka', 'America/Nome'];
    expect(zoneCell('America/Anchorage', zones)).toEqual({
      name: 'Alaska Time',
      othersCount: 1,
      details: ['Alaska Time: Anchorage, Juneau, Sitka, Nome', 'Hawaii-Aleutian Time: Adak'],
    });
  });

  it('puts the shown zone’s name first, and shows one zone alone', () => {
    expect(zoneCell('America/New_York', ['America/Chicago', 'America/New_York'])?.details).toEqual([
      'Eastern Time: New York',
      'Central Time: Chicago',
    ]);
    expect(zoneCell('America/Los_Angeles', ['America/Los_Angeles'])).toEqual({
      name: 'Pacific Time',
      othersCount: 0,
      details: ['Pacific Time: Los Angeles'],
    });
  });

  it('shows nothing when no zone is known', () => {
    expect(zoneCell(null, [])).toBeNull();
  });

  it('names a zone’s place from its id', () => {
    expect(zonePlace('America/Indiana/Indianapolis')).toBe('Indianapolis');
    expect(zonePlace('UTC')).toBe('UTC');
  });
});
