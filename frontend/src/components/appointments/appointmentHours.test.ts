import { describe, expect, it } from 'vitest';
import { APPOINTMENT_MESSAGES } from '@ringcast/shared-types';
import { appointmentHoursProblem, defaultAppointmentHours } from './appointmentHours';

describe('appointment hours, checked by the shared schema', () => {
  const hours = defaultAppointmentHours('America/Chicago');

  it('starts Mon-Fri 9:00-17:00 in 30-minute slots, in the zone given, and passes', () => {
    expect(hours).toEqual({
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      from: '09:00',
      to: '17:00',
      slotMinutes: 30,
      timeZone: 'America/Chicago',
    });
    expect(appointmentHoursProblem(hours)).toBeNull();
  });

  it.each([
    [{ days: [] }, APPOINTMENT_MESSAGES.days],
    [{ from: '9am' }, APPOINTMENT_MESSAGES.clock],
    [{ from: '17:00', to: '09:00' }, APPOINTMENT_MESSAGES.order],
    [{ from: '09:00', to: '09:45', slotMinutes: 60 as const }, APPOINTMENT_MESSAGES.tooShort],
    [{ timeZone: 'Mars/Olympus' }, APPOINTMENT_MESSAGES.timeZone],
  ])('%o: %s', (patch, message) => {
    expect(appointmentHoursProblem({ ...hours, ...patch })).toBe(message);
  });
});
