/** The zones a number may ring in, grouped by the name people know them by. */
export interface ZoneGroup {
  /** "Alaska Time", as Intl names the zone (its IANA id where Intl has no name). */
  name: string;
  timeZones: string[];
}

const names = new Map<string, string>();

/**
 * A zone's common name, as Intl gives it in English ("Alaska Time", "Central Time"): the name
 * that does not change with daylight saving time. The IANA id itself when Intl cannot name it. Named
 * as of today: zones have moved between names over the years (Anchorage's was not Alaska Time in 1970).
 */
export function zoneCommonName(timeZone: string): string {
  let name = names.get(timeZone);
  if (name === undefined) {
    try {
      name =
        new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
          .formatToParts(new Date())
          .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
    } catch {
      name = timeZone;
    }
    names.set(timeZone, name);
  }
  return name;
}

/**
 * The zones grouped by common name, the group of the most zones first (ties in the order the
 * zones are listed). A 907 number's five zones are four "Alaska Time" and one "Hawaii-Aleutian
 * Time" (Adak): the dialer holds to all five, and its prospect is most likely in the first.
 */
export function zoneGroups(timeZones: readonly string[]): ZoneGroup[] {
  const groups = new Map<string, string[]>();
  for (const zone of timeZones) {
    const name = zoneCommonName(zone);
    groups.set(name, [...(groups.get(name) ?? []), zone]);
  }
  // Array.prototype.sort is stable: equal groups keep the order of their first zone.
  return [...groups]
    .map(([name, zones]) => ({ name, timeZones: zones }))
    .sort((a, b) => b.timeZones.length - a.timeZones.length);
}

/**
 * The one zone a prospect's local time is shown in where its number may ring in several: the first
 * zone of the largest group (zoneGroups). Null when none is known.
 */
export const shownTimeZone = (timeZones: readonly string[]): string | null =>
  zoneGroups(timeZones)[0]?.timeZones[0] ?? null;
