import type { Weekday } from '../logic/zonedTime';

/** Local clock times, 'HH:MM'. */
export type ClockWindow = readonly [start: string, end: string];

/**
 * A state's rule for telephone solicitation that is stricter than the federal 8:00-21:00.
 * `hours` gives the window of every day; `days` overrides it for some weekdays (null: no calls that
 * day). `noHolidays`: no calls on legal holidays. `maxCallsPer24h`: calls to one number in any 24
 * hours. `confidence`: H when the statute itself was read, M from secondary sources (vendor tables
 * that agree), L from one secondary source; kept because each row only narrows the window.
 */
export interface StateCallingRule {
  hours: ClockWindow;
  days?: Partial<Record<Weekday, ClockWindow | null>>;
  noHolidays?: boolean;
  maxCallsPer24h?: number;
  source: string;
  confidence: 'H' | 'M' | 'L';
}

/** By USPS state code. Not legal advice: exemptions (consent, existing relationship, B2B) vary. */
export const STATE_CALLING_RULES: Readonly<Record<string, StateCallingRule>> = {
  FL: {
    hours: ['08:00', '20:00'],
    maxCallsPer24h: 3,
    source: 'Fla. Stat. §501.616(6), as amended by SB 1120 (2021)',
    confidence: 'H',
  },
  OK: {
    hours: ['08:00', '20:00'],
    maxCallsPer24h: 3,
    source: 'Oklahoma Telephone Solicitation Act of 2022, 15 O.S. §775C (HB 3168), effective 2022-11-01',
    confidence: 'H',
  },
  MD: {
    hours: ['08:00', '20:00'],
    maxCallsPer24h: 3,
    source: 'Maryland Stop the Spam Calls Act of 2023 (SB 90), effective 2024-01-01',
    confidence: 'H',
  },
  WA: { hours: ['08:00', '20:00'], source: 'RCW 19.158.040', confidence: 'H' },
  LA: {
    hours: ['08:00', '20:00'],
    days: { sun: null },
    noHolidays: true,
    source: 'La. PSC General Order R-29617 §V(A)(2)',
    confidence: 'H',
  },
  TX: {
    hours: ['09:00', '21:00'],
    days: { sun: ['12:00', '21:00'] },
    source: 'Tex. Bus. & Com. Code §301.051',
    confidence: 'M',
  },
  AL: {
    hours: ['08:00', '20:00'],
    days: { sun: null },
    noHolidays: true,
    source: 'Vendor state-law tables (dropcowboy 2025-11, clickpoint 2025-07)',
    confidence: 'M',
  },
  MS: {
    hours: ['08:00', '20:00'],
    days: { sun: null },
    noHolidays: true,
    source: 'Vendor state-law tables (dropcowboy 2025-11, clickpoint 2025-07)',
    confidence: 'M',
  },
  RI: {
    hours: ['09:00', '18:00'],
    days: { sat: ['10:00', '17:00'], sun: null },
    noHolidays: true,
    source: 'Vendor state-law tables (dropcowboy 2025-11, clickpoint 2025-07)',
    confidence: 'M',
  },
  CT: {
    hours: ['09:00', '20:00'],
    source: 'Vendor state-law tables (dropcowboy 2025; law changed 2023)',
    confidence: 'M',
  },
  KY: { hours: ['10:00', '21:00'], source: 'Vendor state-law tables', confidence: 'M' },
  MA: { hours: ['08:00', '20:00'], source: 'Vendor state-law tables', confidence: 'M' },
  MI: { hours: ['09:00', '21:00'], source: 'Vendor state-law tables', confidence: 'M' },
  MN: {
    hours: ['09:00', '21:00'],
    source: 'Vendor state-law tables (may cover autodialers only)',
    confidence: 'M',
  },
  NM: { hours: ['09:00', '21:00'], source: 'Vendor state-law tables', confidence: 'M' },
  UT: {
    hours: ['08:00', '21:00'],
    days: { sun: null },
    noHolidays: true,
    source: 'dnc.com state-law summary',
    confidence: 'M',
  },
  NV: { hours: ['09:00', '20:00'], source: 'dropcowboy state-law table', confidence: 'L' },
  PA: {
    hours: ['08:00', '21:00'],
    noHolidays: true,
    source: 'dnc.com holiday list (vendor tables disagree)',
    confidence: 'L',
  },
};
