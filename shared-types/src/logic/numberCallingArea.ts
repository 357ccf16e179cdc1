import { AREA_CODE_STATES } from '../data/areaCodeStates';
import { SPLIT_AREA_CODES, TERRITORY_AREA_CODES } from '../data/areaCodeZones';
import { stateCodeOf } from '../data/usStates';
import { isKnownTimeZone } from './zonedTime';

/** Where a prospect's phone may ring: every zone it may be in, and every state whose law applies. */
export interface NumberCallingArea {
  timeZones: string[];
  states: string[];
}

/** What a list's row says about where the prospect is, when it has such columns. */
export interface AddressHints {
  timeZone?: string | null;
  state?: string | null;
  /** What the row's ZIP code says (looked up by the caller, which holds the ZIP tables). */
  zip?: ZipCallingArea | null;
}

/** A US ZIP code's zone (IANA) and state (USPS), each null when the tables do not know it. */
export interface ZipCallingArea {
  timeZone: string | null;
  state: string | null;
}

/** A territory's zone by its USPS code: a ZIP there names the area where no zone table does. */
const TERRITORY_ZONES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(TERRITORY_AREA_CODES).map(({ state, zone }) => [state, zone]),
);

/** The area code of a North American (+1) number in E.164, else null. */
export function areaCodeOf(e164: string): string | null {
  return /^\+1(\d{3})\d{7}$/.exec(e164)?.[1] ?? null;
}

const unique = (items: readonly string[]) => [...new Set(items)];

/**
 * The zones and states of a number. Zones: the row's own time zone when it names a real one; else
 * its ZIP code's; else the territory's zone; else the library's answer for the exchange (`libraryZones`, from
 * libphonenumber's map_data) joined with every zone of a split or overlaid area code, so the
 * dialer can hold to the most restrictive reading. States: the area code's (Florida and Oklahoma
 * presume a caller with an in-state area code is a resident) and the row's address (its state
 * column, its ZIP code's state); all apply, so the stricter rule wins.
 */
export function callingAreaOfNumber(
  e164: string,
  libraryZones: readonly string[] | null,
  hints: AddressHints = {},
): NumberCallingArea {
  const areaCode = areaCodeOf(e164);
  const territory = areaCode ? TERRITORY_AREA_CODES[areaCode] : undefined;
  const zipZone = hints.zip?.timeZone ?? (hints.zip?.state && TERRITORY_ZONES[hints.zip.state]);
  const ownZone = [hints.timeZone?.trim(), zipZone].find((zone) => zone && isKnownTimeZone(zone));
  let zones: string[];
  if (ownZone) zones = [ownZone];
  else if (territory) zones = [territory.zone];
  else zones = [...(libraryZones ?? []), ...((areaCode && SPLIT_AREA_CODES[areaCode]?.zones) || [])];

  const areaState = areaCode ? (territory?.state ?? AREA_CODE_STATES[areaCode]) : undefined;
  const states = [areaState, stateCodeOf(hints.state), stateCodeOf(hints.zip?.state)].filter(
    (state): state is string => Boolean(state),
  );
  return { timeZones: unique(zones).filter(isKnownTimeZone), states: unique(states) };
}
