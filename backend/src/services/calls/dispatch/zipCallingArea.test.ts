import { describe, expect, it } from 'vitest';
import { fiveDigitZip, zipCallingAreaOf } from './zipCallingArea';

describe('fiveDigitZip', () => {
  it.each([
    ['10001', '10001'],
    [' 10001 ', '10001'],
    ['10001-1234', '10001'],
    ['10001 1234', '10001'],
    ['100011234', '10001'],
    // A spreadsheet number that lost its leading zeros.
    ['2134', '02134'],
    ['501', '00501'],
    ['', null],
    ['1000', '01000'],
    ['12', null],
    ['123456', null],
    ['2134-1234', null],
    ['SW1A 1AA', null],
    ['K1A 0B1', null],
  ])('%j -> %j', (raw, zip) => {
    expect(fiveDigitZip(raw)).toBe(zip);
  });
});

describe('zipCallingAreaOf', () => {
  it.each([
    ['10001', 'America/New_York', 'NY'],
    ['94110', 'America/Los_Angeles', 'CA'],
    ['60601', 'America/Chicago', 'IL'],
    ['80202', 'America/Denver', 'CO'],
    ['85001', 'America/Phoenix', 'AZ'],
    ['99501', 'America/Anchorage', 'AK'],
    ['96801', 'Pacific/Honolulu', 'HI'],
    // Split states: the panhandle of Florida is Central, northern Idaho Pacific, El Paso Mountain.
    ['32501', 'America/Chicago', 'FL'],
    ['83814', 'America/Los_Angeles', 'ID'],
    ['79901', 'America/Denver', 'TX'],
    ['57701', 'America/Denver', 'SD'],
    ['73301', 'America/Chicago', 'TX'],
    ['2134', 'America/New_York', 'MA'],
    // Puerto Rico: the zone table has no row; the state is known (the shared rule gives its zone).
    ['00901', null, 'PR'],
  ])('%s is in %s, %s', (zip, timeZone, state) => {
    expect(zipCallingAreaOf(zip)).toEqual({ timeZone, state });
  });

  it('knows nothing of what is no US ZIP code', () => {
    expect(zipCallingAreaOf('SW1A 1AA')).toBeNull();
    expect(zipCallingAreaOf('00000')).toBeNull();
    expect(zipCallingAreaOf(null)).toBeNull();
  });
});
