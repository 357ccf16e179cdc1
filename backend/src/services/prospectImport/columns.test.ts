import { describe, expect, it } from 'vitest';
import { detectColumns, prospectFromRow } from './columns';

describe('detectColumns', () => {
  it('finds messy phone, name and email headers', () => {
    expect(detectColumns([' Full Name ', ' Phone Number ', 'E-mail'])).toEqual({
      phone: [1],
      fullName: 0,
      firstName: null,
      lastName: null,
      email: 2,
    });
    expect(detectColumns(['MOBILE', 'First Name', 'Last Name', 'Email Address'])).toMatchObject({
      phone: [0],
      fullName: null,
      firstName: 1,
      lastName: 2,
      email: 3,
    });
  });

  it('ranks exact phone headers before other phone-like ones and skips extensions and types', () => {
    const columns = detectColumns(['Company Name', 'HomePhone', 'Phone Ext', 'Phone Type', 'Cell', 'Fax']);
    expect(columns?.phone).toEqual([4, 1]);
    expect(columns?.fullName).toBeNull();
  });

  it('uses a looser name header only when there is no better one', () => {
    expect(detectColumns(['Customer Full Name', 'Tel'])?.fullName).toBe(0);
    expect(detectColumns(['Company Name', 'Tel'])?.fullName).toBeNull();
  });

  it('says there is no header without a phone column', () => {
    expect(detectColumns(['Name', 'Email'])).toBeNull();
    expect(detectColumns(['', '', ''])).toBeNull();
    expect(detectColumns(['Email opt-in phone status'])).toBeNull();
  });
});

describe('prospectFromRow', () => {
  const columns = detectColumns(['First Name', 'Last Name', 'Mobile', 'Home Phone', 'E-mail'])!;

  it('joins first and last names, normalises the phone and keeps a valid email', () => {
    expect(prospectFromRow([' Ada ', 'Lovelace', '(212) 555-0100', '', 'ada@example.com'], columns)).toEqual({
      phoneNumber: '+12125550100',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      timeZone: 'America/New_York',
      state: 'NY',
    });
  });

  it('falls back to the next phone column and drops a bad email', () => {
    expect(prospectFromRow(['Bob', '', 'n/a', '415 555 2671', 'not-an-email'], columns)).toEqual({
      phoneNumber: '+14155552671',
      name: 'Bob',
      email: null,
      timeZone: 'America/Los_Angeles',
      state: 'CA',
    });
  });

  it("reads a time zone and a state column: the zone replaces the number's, the state adds to it", () => {
    const withPlace = detectColumns(['Phone', 'Time Zone', 'State'])!;
    expect(withPlace).toMatchObject({ phone: [0], timeZone: 1, state: 2 });
    expect(prospectFromRow(['(850) 555-0100', 'America/Chicago', 'Texas'], withPlace)).toMatchObject({
      timeZone: 'America/Chicago',
      state: 'FL,TX',
    });
    expect(prospectFromRow(['(850) 555-0100', '', ''], withPlace)).toMatchObject({
      timeZone: 'America/New_York,America/Chicago',
      state: 'FL',
    });
  });

  it.each([
    ['ZIP'],
    ['Zip Code'],
    ['zipcode'],
    ['ZIP_CODE'],
    ['Postal Code'],
    ['PostCode'],
    ['Zip/Postal Code'],
  ])('finds a ZIP code column headed %j', (header) => {
    expect(detectColumns(['Phone', header])).toMatchObject({ phone: [0], zip: 1 });
  });

  it.each([
    // [phone, zip, zones, states]: the ZIP's zone replaces the number's, its state adds to the area code's.
    ['(212) 555-0100', '94110', 'America/Los_Angeles', 'NY,CA'],
    ['(850) 555-0100', '32501', 'America/Chicago', 'FL'],
    ['(850) 555-0100', '32301-1234', 'America/New_York', 'FL'],
    ['(405) 555-0100', '75201', 'America/Chicago', 'OK,TX'],
    ['(212) 555-0100', '2134', 'America/New_York', 'NY,MA'],
    ['(787) 555-0100', '00901', 'America/Puerto_Rico', 'PR'],
    // Not a ZIP code: the number alone decides.
    ['(850) 555-0100', 'n/a', 'America/New_York,America/Chicago', 'FL'],
    ['(850) 555-0100', '', 'America/New_York,America/Chicago', 'FL'],
  ])('%s with ZIP %j: zones %s, states %s', (phone, zip, timeZone, state) => {
    const withZip = detectColumns(['Phone', 'Zip Code'])!;
    expect(prospectFromRow([phone, zip], withZip)).toMatchObject({ timeZone, state });
  });

  it('a time zone column wins over the ZIP code; a state column and the ZIP state both apply', () => {
    const all = detectColumns(['Phone', 'Time Zone', 'State', 'Postal Code'])!;
    expect(prospectFromRow(['(212) 555-0100', 'America/Denver', 'MD', '73301'], all)).toMatchObject({
      timeZone: 'America/Denver',
      state: 'NY,MD,TX',
    });
  });

  it('drops a row without a valid phone', () => {
    expect(prospectFromRow(['Cy', 'D', '123', '', 'cy@example.com'], columns)).toBeNull();
  });
});
