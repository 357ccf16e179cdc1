/**
 * The owner's connected calendar (Cal.com), if any: the appointments service books through it.
 * Front door of services/calendar.
 */
import type { ConnectedCalendar } from './types';

export * from './types';

/** The calendar a booking campaign of this owner books in; null when none is connected. */
export async function connectedCalendarOf(_userId: number): Promise<ConnectedCalendar | null> {
  return null;
}

/** Cancels a booking in the owner's calendar, as a job (retried, once). */
export async function cancelCalendarBooking(_appointmentId: number): Promise<void> {}
