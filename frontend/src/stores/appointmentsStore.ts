import type { Appointment } from '@ringcast/shared-types';
import { cancelAppointment, fetchAppointments } from '../api/appointments';
import { isMine } from './authStore';
import { createScopedListStore, type ScopedView } from './scopedListStore';

/** The dashboard lists the booked appointments of the next 14 days, the first 10 of them. */
export const UPCOMING_DAYS = 14;
export const UPCOMING_LIMIT = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Earliest first, as the API lists them. */
export const byStart = (a: Appointment, b: Appointment) =>
  a.startsAt.localeCompare(b.startsAt) || a.id - b.id;

/** One campaign's appointments, booked and canceled. */
export function campaignAppointmentsView(campaignId: number): ScopedView<Appointment> {
  return {
    read: () => fetchAppointments({ campaignId }),
    belongs: (a) => a.campaignId === campaignId,
  };
}

/**
 * The signed-in user's booked appointments from now to 14 days ahead. An admin's read and pushes
 * hold every owner's: only the user's own show.
 */
export function upcomingAppointmentsView(now = Date.now()): ScopedView<Appointment> {
  const from = new Date(now).toISOString();
  const to = new Date(now + UPCOMING_DAYS * DAY_MS).toISOString();
  return {
    read: () => fetchAppointments({ from, to, status: 'booked' }),
    belongs: (a) => isMine(a) && a.status === 'booked' && a.startsAt >= from && a.startsAt < to,
  };
}

/** The campaign page's Appointments card. */
export const useCampaignAppointmentsStore = createScopedListStore<Appointment>({
  label: 'the appointments',
  order: byStart,
});

/** The dashboard's Upcoming appointments. */
export const useUpcomingAppointmentsStore = createScopedListStore<Appointment>({
  label: 'the upcoming appointments',
  order: byStart,
});

/** Cancels an appointment; the answer reaches every list showing it (the push follows too). */
export async function cancelAppointmentEverywhere(id: number): Promise<Appointment> {
  const canceled = await cancelAppointment(id);
  receiveAppointment(canceled);
  return canceled;
}

/** An `appointment:updated` push, or a write's answer, for every list that may show it. */
export function receiveAppointment(appointment: Appointment): void {
  useCampaignAppointmentsStore.getState().receive(appointment);
  useUpcomingAppointmentsStore.getState().receive(appointment);
}
