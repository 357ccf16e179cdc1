import { describe, expect, it } from 'vitest';
import type { AppointmentHours } from '../domain/appointment';
import {
  appointmentSlots,
  askedRange,
  isoInZone,
  localDateOf,
  partOfDayAt,
  pickOfferedSlots,
  readAskedInstant,
  spokenSlot,
} from './appointmentSlots';

const at = (iso: string) => Date.parse(iso);
const isos = (instants: number[]) => instants.map((i) => new Date(i).toISOString());

const newYork: AppointmentHours = {
  days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  from: '09:00',
  to: '17:00',
  slotMinutes: 30,
  timeZone: 'America/New_York',
};

describe('appointmentSlots', () => {
  it('runs from the opening, a slot length apart, the last ending by the close', () => {
    const slots = appointmentSlots(newYork, at('2026-12-08T00:00:00Z'), at('2026-12-09T00:00:00Z'));
    expect(slots).toHaveLength(16);
    expect(new Date(slots[0]!).toISOString()).toBe('2026-12-08T14:00:00.000Z');
    expect(new Date(slots[15]!).toISOString()).toBe('2026-12-08T21:30:00.000Z');
  });

  it('keeps only the days of the week chosen', () => {
    // Friday 2026-12-11 to Monday 2026-12-14, hourly: Saturday and Sunday hold nothing.
    const hours = { ...newYork, slotMinutes: 60 as const };
    const slots = appointmentSlots(hours, at('2026-12-11T00:00:00Z'), at('2026-12-15T00:00:00Z'));
    expect(new Set(isos(slots).map((s) => s.slice(0, 10)))).toEqual(new Set(['2026-12-11', '2026-12-14']));
  });

  it('keeps 9:00 on the business clock across the March change (EST, then EDT)', () => {
    const slots = appointmentSlots(newYork, at('2026-03-06T00:00:00Z'), at('2026-03-10T00:00:00Z'));
    const firstOfEachDay = isos(slots).filter(
      (s, i, all) => i === 0 || all[i - 1]!.slice(0, 10) !== s.slice(0, 10),
    );
    expect(firstOfEachDay).toEqual(['2026-03-06T14:00:00.000Z', '2026-03-09T13:00:00.000Z']);
  });

  it('keeps 9:00 on the business clock across the November change (EDT, then EST)', () => {
    const slots = appointmentSlots(newYork, at('2026-10-30T00:00:00Z'), at('2026-11-03T00:00:00Z'));
    const firstOfEachDay = isos(slots).filter(
      (s, i, all) => i === 0 || all[i - 1]!.slice(0, 10) !== s.slice(0, 10),
    );
    expect(firstOfEachDay).toEqual(['2026-10-30T13:00:00.000Z', '2026-11-02T14:00:00.000Z']);
  });

  it('offers a skipped clock time once, not as a second copy of a later slot', () => {
    const night: AppointmentHours = { ...newYork, days: ['sun'], from: '00:00', to: '04:00' };
    const slots = appointmentSlots(night, at('2026-03-08T00:00:00Z'), at('2026-03-09T00:00:00Z'));
    expect(new Set(slots).size).toBe(slots.length);
    // 00:00, 00:30, 01:00, 01:30 EST; 03:00, 03:30 EDT (02:00 and 02:30 do not exist that night).
    expect(isos(slots)).toEqual([
      '2026-03-08T05:00:00.000Z',
      '2026-03-08T05:30:00.000Z',
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T07:30:00.000Z',
    ]);
  });

  it('offers a repeated clock time once, on its first showing', () => {
    const night: AppointmentHours = { ...newYork, days: ['sun'], from: '01:00', to: '02:00' };
    const slots = appointmentSlots(night, at('2026-11-01T00:00:00Z'), at('2026-11-02T00:00:00Z'));
    expect(isos(slots)).toEqual(['2026-11-01T05:00:00.000Z', '2026-11-01T05:30:00.000Z']);
  });

  it('answers only starts inside the range asked', () => {
    const slots = appointmentSlots(newYork, at('2026-12-08T15:00:00Z'), at('2026-12-08T16:00:00Z'));
    expect(isos(slots)).toEqual(['2026-12-08T15:00:00.000Z', '2026-12-08T15:30:00.000Z']);
    expect(appointmentSlots(newYork, at('2026-12-08T16:00:00Z'), at('2026-12-08T16:00:00Z'))).toEqual([]);
  });
});

describe('pickOfferedSlots', () => {
  const week = appointmentSlots(newYork, at('2026-12-08T00:00:00Z'), at('2026-12-10T00:00:00Z'));

  it('spreads over the range: the earliest of each part of each day, never one slot twice', () => {
    const picked = pickOfferedSlots([...week, ...week], [], { zone: 'America/New_York' });
    expect(isos(picked)).toEqual([
      '2026-12-08T14:00:00.000Z', // Tuesday 9:00 AM
      '2026-12-08T17:00:00.000Z', // Tuesday 12:00 PM
      '2026-12-09T14:00:00.000Z', // Wednesday 9:00 AM
    ]);
  });

  it('leaves out booked starts', () => {
    const picked = pickOfferedSlots(week, [at('2026-12-08T14:00:00Z')], { zone: 'America/New_York' });
    expect(isos(picked)[0]).toBe('2026-12-08T14:30:00.000Z');
  });

  it("reads the part of the day on the prospect's clock", () => {
    // 3:00 PM in New York is noon in Los Angeles: the first of a Los Angeles afternoon.
    const picked = pickOfferedSlots(week, [], { zone: 'America/Los_Angeles', partOfDay: 'afternoon' });
    expect(isos(picked)).toEqual([
      '2026-12-08T20:00:00.000Z',
      '2026-12-08T20:30:00.000Z',
      '2026-12-09T20:00:00.000Z',
    ]);
    expect(picked.every((p) => partOfDayAt(p, 'America/Los_Angeles') === 'afternoon')).toBe(true);
    // In Honolulu the whole New York day is morning.
    expect(pickOfferedSlots(week, [], { zone: 'Pacific/Honolulu', partOfDay: 'afternoon' })).toEqual([]);
  });

  it('fills up with the earliest left when the range holds fewer parts', () => {
    const morning = week.slice(0, 4);
    expect(isos(pickOfferedSlots(morning, [], { zone: 'America/New_York' }))).toEqual(
      isos(morning.slice(0, 3)),
    );
  });
});

describe('how a slot is said and written', () => {
  const slot = at('2026-12-08T15:00:00Z'); // 10:00 AM in New York

  it.each([
    ['America/New_York', 'Tuesday, December 8 at 10:00 AM', '2026-12-08T10:00:00-05:00'],
    ['America/Los_Angeles', 'Tuesday, December 8 at 7:00 AM', '2026-12-08T07:00:00-08:00'],
    ['Pacific/Honolulu', 'Tuesday, December 8 at 5:00 AM', '2026-12-08T05:00:00-10:00'],
    ['Asia/Kolkata', 'Tuesday, December 8 at 8:30 PM', '2026-12-08T20:30:00+05:30'],
  ])('in %s', (zone, spoken, iso) => {
    expect(spokenSlot(slot, zone)).toBe(spoken);
    expect(isoInZone(slot, zone)).toBe(iso);
    expect(Date.parse(iso)).toBe(slot);
  });

  it('follows daylight saving in the prospect zone and not in Honolulu', () => {
    const july = at('2026-07-07T16:00:00Z');
    expect(isoInZone(july, 'America/Los_Angeles')).toBe('2026-07-07T09:00:00-07:00');
    expect(spokenSlot(july, 'Pacific/Honolulu')).toBe('Tuesday, July 7 at 6:00 AM');
  });

  it('names the day on the prospect clock, which may not be the business day', () => {
    expect(spokenSlot(at('2026-12-08T03:30:00Z'), 'America/Los_Angeles')).toBe(
      'Monday, December 7 at 7:30 PM',
    );
    expect(localDateOf(at('2026-12-08T03:30:00Z'), 'America/Los_Angeles')).toBe('2026-12-07');
    expect(spokenSlot(at('2026-12-08T17:00:00Z'), 'America/New_York')).toBe(
      'Tuesday, December 8 at 12:00 PM',
    );
  });
});

describe('the range the agent asks about', () => {
  it("reads a date as that whole day on the prospect's clock", () => {
    expect(askedRange('2026-12-08', undefined, 'America/Los_Angeles')).toEqual({
      from: at('2026-12-08T08:00:00Z'),
      to: at('2026-12-09T08:00:00Z'),
    });
    // The March change: that day in New York is 23 hours long.
    const spring = askedRange('2026-03-08', '2026-03-08', 'America/New_York')!;
    expect((spring.to - spring.from) / 3_600_000).toBe(23);
  });

  it('reads a date and time without offset on the prospect clock, with one as the instant', () => {
    expect(readAskedInstant('2026-12-08T09:00', 'Pacific/Honolulu')).toBe(at('2026-12-08T19:00:00Z'));
    expect(readAskedInstant('2026-12-08T09:00:00-05:00', 'Pacific/Honolulu')).toBe(
      at('2026-12-08T14:00:00Z'),
    );
    expect(askedRange('2026-12-08T13:00', undefined, 'America/New_York')).toEqual({
      from: at('2026-12-08T18:00:00Z'),
      to: at('2026-12-09T05:00:00Z'),
    });
  });

  it('refuses what it cannot read and empty ranges', () => {
    expect(askedRange('tomorrow', undefined, 'America/New_York')).toBeNull();
    expect(askedRange('2026-02-30', undefined, 'America/New_York')).toBeNull();
    expect(askedRange('2026-12-09', '2026-12-08', 'America/New_York')).toBeNull();
  });
});
