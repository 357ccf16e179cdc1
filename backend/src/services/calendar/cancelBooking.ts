/**
 * Canceling an appointment in Ringcast cancels its booking in the owner's Cal.com: a job written
 * after the cancel commits (`cancelCalendarBooking`, one id per appointment, retried with backoff),
 * whose run reads Cal.com's booking first and cancels only a booking not yet cancelled, so a repeat
 * or a retry sends no second cancel.
 */
import { Appointment } from '../../db/models';
import { logger } from '../../logger';
import { CalcomApiError, cancelCalcomBooking, fetchCalcomBooking } from './calcomApi';
import { openCalcomConnection } from './connection';

export type CancelBookingOutcome =
  | 'canceled'
  | 'already_canceled'
  /** Nothing to cancel there: the appointment is gone, still booked, or not in a calendar. */
  | 'nothing_to_cancel'
  /** The owner disconnected Cal.com since (or its key cannot be opened): the booking stays there. */
  | 'not_connected'
  /** Cal.com no longer knows the booking, or refuses the key now: retrying cannot help. */
  | 'gone'
  | 'refused';

const REASON = 'Canceled in Ringcast';

export async function runCancelCalendarBooking(appointmentId: number): Promise<CancelBookingOutcome> {
  const appointment = await Appointment.findByPk(appointmentId);
  if (
    !appointment ||
    appointment.status !== 'canceled' ||
    appointment.source !== 'calendar' ||
    !appointment.externalBookingId
  )
    return 'nothing_to_cancel';
  const connection = await openCalcomConnection(appointment.userId);
  if (!connection?.apiKey) return 'not_connected';
  const { apiKey } = connection;
  const uid = appointment.externalBookingId;
  try {
    const booking = await fetchCalcomBooking(apiKey, uid);
    if (booking.status === 'cancelled') return 'already_canceled';
    await cancelCalcomBooking(apiKey, uid, REASON);
    return 'canceled';
  } catch (err) {
    if (!(err instanceof CalcomApiError)) throw err;
    if (err.status === 404) return 'gone';
    if (err.status === 401 || err.status === 403) {
      logger.warn({ appointmentId }, 'Cal.com refused the stored key: the booking was not canceled there');
      return 'refused';
    }
    // Cancelled meanwhile by someone else: what this job was for is done.
    if (err.status === 400 && /already.*cancel/i.test(err.message)) return 'already_canceled';
    throw err;
  }
}
