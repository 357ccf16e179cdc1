import { describe, expect, it } from 'vitest';
import {
  callingHoursProblem,
  isInsideWindow,
  nextWindowOpening,
  parseCallingDays,
  stateCallCap,
  type WindowScope,
} from './callingWindow';

const at = (text: string) => new Date(text).getTime();
const iso = (value: number | null) => (value === null ? null : new Date(value).toISOString());
const MARGIN = 90_000; // 30 s of ringing and a minute

function scope(overrides: Partial<WindowScope> = {}): WindowScope {
  return { timeZones: ['America/New_York'], states: [], hours: null, marginMs: MARGIN, ...overrides };
}

describe('the legal window across daylight-saving changes', () => {
  it.each([
    // 2026: DST starts 2026-03-08, ends 2026-11-01.
    ['2026-03-07T12:59:59Z', false, 'Sat 07:59 EST'],
    ['2026-03-07T13:00:00Z', true, 'Sat 08:00 EST'],
    ['2026-03-08T11:59:59Z', false, 'Sun 07:59 EDT'],
    ['2026-03-08T12:00:00Z', true, 'Sun 08:00 EDT'],
    ['2026-11-01T00:58:30Z', true, 'Sat 20:58:30 EDT, 90 s before closing'],
    ['2026-11-01T00:58:31Z', false, 'Sat 20:58:31 EDT, less than 90 s left'],
    ['2026-11-01T12:30:00Z', false, 'Sun 07:30 EST'],
    ['2026-11-01T13:00:00Z', true, 'Sun 08:00 EST'],
    // 2027: DST starts 2027-03-14, ends 2027-11-07.
    ['2027-03-14T12:00:00Z', true, 'Sun 08:00 EDT'],
    ['2027-03-13T12:00:00Z', false, 'Sat 07:00 EST'],
    ['2027-11-07T12:30:00Z', false, 'Sun 07:30 EST'],
    ['2027-11-08T01:58:00Z', true, 'Sun 20:58 EST'],
    ['2027-11-08T02:00:00Z', false, 'Sun 21:00 EST'],
  ])('%s is %s (%s)', (instant, inside) => {
    expect(isInsideWindow(at(instant), scope())).toBe(inside);
  });

  it.each([
    ['2026-03-08T05:00:00Z', '2026-03-08T12:00:00.000Z'],
    ['2026-03-07T05:00:00Z', '2026-03-07T13:00:00.000Z'],
    ['2026-11-01T05:00:00Z', '2026-11-01T13:00:00.000Z'],
    ['2027-03-14T02:00:00Z', '2027-03-14T12:00:00.000Z'],
    ['2027-11-07T02:00:00Z', '2027-11-07T13:00:00.000Z'],
    // 20:59 is too late to start: the next morning.
    ['2026-07-01T00:59:00Z', '2026-07-01T12:00:00.000Z'],
  ])('from %s the window next opens at %s', (from, expected) => {
    expect(iso(nextWindowOpening(at(from), scope()))).toBe(expected);
  });
});

describe('several zones: every one must be inside its window', () => {
  const split = scope({ timeZones: ['America/Chicago', 'America/New_York'] });
  it.each([
    ['2026-07-01T12:30:00Z', false], // 08:30 ET but 07:30 CT
    ['2026-07-01T13:00:00Z', true], // 09:00 ET, 08:00 CT
    ['2026-07-02T00:58:00Z', true], // 20:58 ET
    ['2026-07-02T01:30:00Z', false], // 21:30 ET, 20:30 CT
  ])('%s: %s', (instant, inside) => {
    expect(isInsideWindow(at(instant), split)).toBe(inside);
  });

  it('opens when the western zone reaches 8:00', () => {
    expect(iso(nextWindowOpening(at('2026-07-01T11:00:00Z'), split))).toBe('2026-07-01T13:00:00.000Z');
  });

  it('Arizona with and without daylight saving (928)', () => {
    const navajo = scope({ timeZones: ['America/Phoenix', 'America/Denver'] });
    // July: Denver is an hour ahead of Phoenix; the window is 08:00-20:00 Phoenix time.
    expect(iso(nextWindowOpening(at('2026-07-01T10:00:00Z'), navajo))).toBe('2026-07-01T15:00:00.000Z');
    expect(isInsideWindow(at('2026-07-02T03:30:00Z'), navajo)).toBe(false); // 20:30 MST, 21:30 MDT
    // December: one clock.
    expect(isInsideWindow(at('2026-12-02T03:30:00Z'), navajo)).toBe(true); // 20:30 both
  });
});

describe('state rules', () => {
  it.each([
    // [state, zone, instant, inside, why]
    ['FL', 'America/New_York', '2026-07-01T23:30:00Z', true, '19:30'],
    ['FL', 'America/New_York', '2026-07-02T00:30:00Z', false, '20:30: Florida ends at 20:00'],
    ['OK', 'America/Chicago', '2026-07-02T01:30:00Z', false, '20:30 CDT'],
    ['MD', 'America/New_York', '2026-07-02T00:00:00Z', false, '20:00 EDT'],
    ['WA', 'America/Los_Angeles', '2026-07-02T03:15:00Z', false, '20:15 PDT'],
    ['WA', 'America/Los_Angeles', '2026-07-02T02:15:00Z', true, '19:15 PDT'],
    ['LA', 'America/Chicago', '2026-07-05T15:00:00Z', false, 'Sunday'],
    ['LA', 'America/Chicago', '2026-11-26T15:00:00Z', false, 'Thanksgiving'],
    ['LA', 'America/Chicago', '2026-11-27T15:00:00Z', true, 'Friday after Thanksgiving, 09:00'],
    ['TX', 'America/Chicago', '2026-07-05T15:00:00Z', false, 'Sunday 10:00: from noon'],
    ['TX', 'America/Chicago', '2026-07-05T17:00:00Z', true, 'Sunday 12:00'],
    ['TX', 'America/Chicago', '2026-07-06T13:30:00Z', false, 'Monday 08:30: from 9:00'],
    ['AL', 'America/Chicago', '2026-07-05T15:00:00Z', false, 'Sunday'],
    ['MS', 'America/Chicago', '2026-12-25T15:00:00Z', false, 'Christmas'],
    ['RI', 'America/New_York', '2026-07-04T13:30:00Z', false, 'Saturday 09:30 (and July 4th)'],
    ['RI', 'America/New_York', '2026-07-11T14:30:00Z', true, 'Saturday 10:30'],
    ['RI', 'America/New_York', '2026-07-11T21:30:00Z', false, 'Saturday 17:30'],
    ['RI', 'America/New_York', '2026-07-13T22:30:00Z', false, 'Monday 18:30'],
    ['CT', 'America/New_York', '2026-07-13T12:30:00Z', false, '08:30'],
    ['KY', 'America/New_York', '2026-07-13T13:30:00Z', false, '09:30'],
    ['MA', 'America/New_York', '2026-07-14T00:30:00Z', false, '20:30'],
    ['MI', 'America/New_York', '2026-07-13T12:30:00Z', false, '08:30'],
    ['UT', 'America/Denver', '2026-07-05T16:00:00Z', false, 'Sunday'],
    ['NY', 'America/New_York', '2026-07-05T12:30:00Z', true, 'no state rule: federal window on a Sunday'],
  ])('%s in %s at %s: %s (%s)', (state, zone, instant, inside) => {
    expect(isInsideWindow(at(instant), scope({ timeZones: [zone], states: [state] }))).toBe(inside);
  });

  it('applies every state at once: the stricter wins', () => {
    const both = scope({ timeZones: ['America/New_York'], states: ['NY', 'FL'] });
    expect(isInsideWindow(at('2026-07-02T00:30:00Z'), both)).toBe(false);
  });

  it('a Louisiana prospect on a Saturday evening waits until Monday', () => {
    const la = scope({ timeZones: ['America/Chicago'], states: ['LA'] });
    expect(iso(nextWindowOpening(at('2026-07-12T01:30:00Z'), la))).toBe('2026-07-13T13:00:00.000Z');
  });

  it.each([
    [['FL'], 3],
    [['OK', 'NY'], 3],
    [['NY'], null],
    [[], null],
  ])('cap for %j is %s', (states, cap) => {
    expect(stateCallCap(states)).toBe(cap);
  });
});

describe('campaign calling hours and days', () => {
  const weekdays = scope({
    timeZones: ['America/Chicago'],
    hours: { start: '09:00', end: '17:00', days: parseCallingDays('mon,tue,wed,thu,fri') },
  });
  it.each([
    ['2026-07-06T13:59:00Z', false, 'Monday 08:59'],
    ['2026-07-06T14:00:00Z', true, 'Monday 09:00'],
    ['2026-07-06T21:58:00Z', true, 'Monday 16:58'],
    ['2026-07-06T21:59:00Z', false, 'Monday 16:59: less than 90 s left'],
    ['2026-07-04T16:00:00Z', false, 'Saturday'],
    ['2026-07-05T16:00:00Z', false, 'Sunday'],
  ])('%s: %s (%s)', (instant, inside) => {
    expect(isInsideWindow(at(instant), weekdays)).toBe(inside);
  });

  it('after Friday 17:00 the next call is Monday 9:00', () => {
    expect(iso(nextWindowOpening(at('2026-07-10T23:00:00Z'), weekdays))).toBe('2026-07-13T14:00:00.000Z');
  });

  it('no day in common with a state: never', () => {
    const sundaysInAlabama = scope({
      timeZones: ['America/Chicago'],
      states: ['AL'],
      hours: { start: '09:00', end: '17:00', days: ['sun'] },
    });
    expect(nextWindowOpening(at('2026-07-10T23:00:00Z'), sundaysInAlabama)).toBeNull();
  });

  it.each([
    [{ start: '09:00', end: '17:00', days: ['mon'] }, null],
    [{ start: '08:00', end: '21:00', days: ['mon', 'sun'] }, null],
    [{ start: '07:30', end: '17:00', days: ['mon'] }, 'within 08:00-21:00'],
    [{ start: '09:00', end: '21:30', days: ['mon'] }, 'within 08:00-21:00'],
    [{ start: '17:00', end: '09:00', days: ['mon'] }, 'end after they start'],
    [{ start: '9am', end: '17:00', days: ['mon'] }, 'times such as 09:00'],
    [{ start: '09:00', end: '17:00', days: [] }, 'at least one calling day'],
  ])('%j: %s', (hours, problem) => {
    const answer = callingHoursProblem(hours);
    if (problem === null) expect(answer).toBeNull();
    else expect(answer).toContain(problem);
  });
});
