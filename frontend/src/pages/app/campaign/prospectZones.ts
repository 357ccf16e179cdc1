import { zoneCommonName, zoneGroups } from '@ringcast/shared-types';

/** "America/Los_Angeles" as a place: "Los Angeles" (the last part of the id, spaced). */
export const zonePlace = (timeZone: string): string =>
  (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');

/** How a prospect's zones show in its row: the shown zone's common name, and how many other names hover. */
export interface ZoneCell {
  name: string;
  /** The other common names the number may ring in (Adak's Hawaii-Aleutian Time for a 907 number). */
  othersCount: number;
  /** One line per common name, the shown one first: "Alaska Time: Anchorage, Juneau, Sitka, Nome". */
  details: string[];
}

/**
 * A prospect's zones as its row shows them: one by its common name ("Alaska Time", the zone its
 * local time is shown in), and every zone the dialer holds the number to on hover, by name. Null
 * when none is known.
 */
export function zoneCell(shown: string | null, timeZones: readonly string[]): ZoneCell | null {
  if (!shown) return null;
  const name = zoneCommonName(shown);
  const groups = zoneGroups(timeZones.length ? timeZones : [shown]);
  const ordered = [...groups.filter((g) => g.name === name), ...groups.filter((g) => g.name !== name)];
  return {
    name,
    othersCount: ordered.length - 1,
    details: ordered.map((g) => `${g.name}: ${g.timeZones.map(zonePlace).join(', ')}`),
  };
}
