import { describe, expect, it } from 'vitest';
import { callingHoursFields, callingHoursProblemOf, callingHoursValueOf } from './callingHours';

const every = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

describe('calling hours in the form', () => {
  it('shows nothing stored as the whole window, every day, and stores it back as null', () => {
    const value = callingHoursValueOf({ callingHoursStart: null, callingHoursEnd: null, callingDays: null });
    expect(value).toEqual({ start: '', end: '', days: [...every] });
    expect(callingHoursFields(value)).toEqual({
      callingHoursStart: null,
      callingHoursEnd: null,
      callingDays: null,
    });
  });

  it('round-trips weekday hours', () => {
    const stored = {
      callingHoursStart: '09:00',
      callingHoursEnd: '17:00',
      callingDays: 'mon,tue,wed,thu,fri',
    };
    expect(callingHoursFields(callingHoursValueOf(stored))).toEqual(stored);
  });

  it.each([
    [{ start: '07:00', end: '17:00', days: [...every] }, /legal window/],
    [{ start: '09:00', end: '', days: [...every] }, /both a start and an end/],
    [{ start: '09:00', end: '17:00', days: [] }, /at least one/],
  ])('refuses %j', (value, message) => {
    expect(callingHoursProblemOf(value)).toMatch(message);
  });

  it('accepts hours inside the law', () => {
    expect(callingHoursProblemOf({ start: '09:00', end: '17:00', days: ['mon'] })).toBeNull();
  });
});
