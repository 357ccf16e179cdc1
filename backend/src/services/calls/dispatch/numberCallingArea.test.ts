import { timezones } from 'libphonenumber-geo-carrier';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { libraryZonesOf, callingAreaOf, storedCallingArea } from './numberCallingArea';

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

describe('callingAreaOf', () => {
  it('joins the exchange zone with the split code zones and stores them as lists', () => {
    const area = callingAreaOf('+18502001234', { state: 'NY' });
    expect(storedCallingArea(area)).toEqual({ timeZone: 'America/Chicago,America/New_York', state: 'FL,NY' });
  });
});
