/**
 * The owner's connected calendar (Cal.com), if any: the appointments service books through it.
 * Front door of services/calendar (the connection, the calendar itself, canceling a booking there,
 * and the private iCalendar feed).
 */
import { enqueue } from '../../queues';
import { calcomCalendar } from './calcomCalendar';
import { openCalcomConnection } from './connection';
import type { ConnectedCalendar } from './types';

export * from './types';
export { connectCalcom, disconnectCalcom, getCalcomConnection, listCalcomEventTypes } from './connection';
export { runCancelCalendarBooking, type CancelBookingOutcome } from './cancelBooking';
export { calendarFeedFor, calendarFeedUrl, resetCalendarFeed } from './feed';

/** The calendar a booking campaign of this owner books in; null when none is connected. */
export async function connectedCalendarOf(userId: number): Promise<ConnectedCalendar | null> {
  const connection = await openCalcomConnection(userId);
  return connection ? calcomCalendar(connection.apiKey, connection.row) : null;
}

/**
 * Cancels a booking in the owner's calendar, as a job (retried, once). Call it after the
 * appointment's cancel has committed: the job cancels only an appointment that is `canceled`.
 */
export async function cancelCalendarBooking(appointmentId: number): Promise<void> {
  await enqueue('cancelCalendarBooking', { appointmentId });
}
