import { timezones } from 'libphonenumber-geo-carrier';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { libraryZonesOf, placeOf, storedPlace } from './numberPlace';

describe('libraryZonesOf', () => {
  it.each([
    '+18502001234',
    '+18505551234',
    '+12082001234',
    '+17012001234',
    '+17875550100',
    '+12125550100',
    '+442079460958',
  ])('%s answers what the library answers', async (number) => {
    expect(libraryZonesOf(number)).toEqual(await timezones(parsePhoneNumberFromString(number)));
  });
});

describe('placeOf', () => {
  it('joins the exchange zone with the split code zones and stores them as lists', () => {
    const place = placeOf('+18502001234', { state: 'NY' });
    expect(storedPlace(place)).toEqual({ timeZone: 'America/Chicago,America/New_York', state: 'FL,NY' });
  });
});
