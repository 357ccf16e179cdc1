import type { AppointmentSource, AppointmentStatus } from '@ringcast/shared-types';

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  booked: 'Booked',
  canceled: 'Canceled',
};

export const APPOINTMENT_STATUS_COLORS: Record<AppointmentStatus, string> = {
  booked: 'green',
  canceled: 'default',
};

/** Where the booking lives: the campaign's own hours in Ringcast, or the connected Cal.com. */
export const APPOINTMENT_SOURCE_LABELS: Record<AppointmentSource, string> = {
  agent: 'Appointment hours',
  calendar: 'Cal.com',
};
