import type { Appointment, AppointmentStatus } from '@ringcast/shared-types';
import { api } from './client';

export interface AppointmentQuery {
  campaignId?: number;
  /** ISO 8601: appointments starting at or after it. */
  from?: string;
  /** ISO 8601: appointments starting before it. */
  to?: string;
  status?: AppointmentStatus;
}

/** The query string of GET /api/appointments, without the fields left out. */
export function appointmentsPath(query: AppointmentQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `/api/appointments?${text}` : '/api/appointments';
}

/** The signed-in user's appointments (an admin's: everyone's), earliest first. */
export const fetchAppointments = (query: AppointmentQuery) => api.get<Appointment[]>(appointmentsPath(query));

/** Cancels it here and, when a calendar holds it, there too; answers the canceled appointment. */
export const cancelAppointment = (id: number) => api.post<Appointment>(`/api/appointments/${id}/cancel`);
