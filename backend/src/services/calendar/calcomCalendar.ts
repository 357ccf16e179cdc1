/** The owner's Cal.com as the calendar a booking campaign books in (types.ts's ConnectedCalendar). */
import type { CalendarConnection } from '../../db/models/calendar';
import {
  CalcomApiError,
  createCalcomBooking,
  fetchCalcomSlots,
  findCalcomBookings,
  type CalcomBookingData,
} from './calcomApi';
import {
  CalendarUnavailableError,
  SlotTakenError,
  type CalendarAttendee,
  type CalendarSlot,
  type ConnectedCalendar,
} from './types';

/** The booking's metadata key naming the appointment it was made for. */
export const REFERENCE_KEY = 'ringcastAppointment';

const MINUTE = 60_000;

/** Cal.com's refusal of a time that is not free: taken meanwhile, or outside the host's hours. */
const isTaken = (err: unknown) =>
  err instanceof CalcomApiError &&
  (err.status === 400 || err.status === 409) &&
  /already has booking|not available|no_available_users/i.test(err.message);

const unavailable = (err: unknown) =>
  err instanceof CalendarUnavailableError || err instanceof SlotTakenError
    ? err
    : new CalendarUnavailableError(`Cal.com: ${(err as Error).message}`);

/** `apiKey` null: the stored key cannot be opened, so every call answers unavailable. */
export function calcomCalendar(apiKey: string | null, connection: CalendarConnection): ConnectedCalendar {
  const { eventTypeId, eventTypeMinutes } = connection;
  const key = () => {
    if (!apiKey) throw new CalendarUnavailableError('The stored Cal.com key cannot be opened');
    return apiKey;
  };

  /** A booking made earlier for this appointment (an answer lost on the way), found by its metadata. */
  async function bookedBefore(slot: CalendarSlot, attendee: CalendarAttendee, reference: string) {
    const bookings: CalcomBookingData[] = await findCalcomBookings(key(), {
      eventTypeId,
      ...(attendee.email ? { attendeeEmail: attendee.email } : {}),
      afterStart: slot.startsAt.toISOString(),
      beforeEnd: new Date(slot.startsAt.getTime() + slot.durationMinutes * MINUTE).toISOString(),
    });
    return bookings.find((b) => b.metadata?.[REFERENCE_KEY] === reference && b.status !== 'cancelled');
  }

  return {
    source: 'calendar',
    durationMinutes: eventTypeMinutes,
    needsEmail: true,

    async freeSlots(from, to, timeZone) {
      try {
        const days = await fetchCalcomSlots(key(), {
          eventTypeId,
          start: from.toISOString(),
          end: to.toISOString(),
          timeZone,
        });
        return Object.values(days)
          .flat()
          .map((slot) => new Date(slot.start))
          .filter((start) => start >= from && start < to)
          .sort((a, b) => a.getTime() - b.getTime())
          .map((startsAt) => ({ startsAt, durationMinutes: eventTypeMinutes }));
      } catch (err) {
        throw unavailable(err);
      }
    },

    async book(slot, attendee, reference) {
      try {
        const booking = await createCalcomBooking(key(), {
          start: slot.startsAt.toISOString(),
          eventTypeId,
          attendee: {
            name: attendee.name,
            ...(attendee.email ? { email: attendee.email } : {}),
            timeZone: attendee.timeZone,
            ...(attendee.phoneNumber ? { phoneNumber: attendee.phoneNumber } : {}),
          },
          metadata: { [REFERENCE_KEY]: reference },
        });
        return { externalBookingId: booking.uid };
      } catch (err) {
        // A retry after a lost answer finds its own booking holding the slot (or, after a
        // timeout, maybe made): that booking is the answer, not a second one.
        if (err instanceof CalendarUnavailableError) throw err;
        const earlier = await bookedBefore(slot, attendee, reference).catch(() => undefined);
        if (earlier) return { externalBookingId: earlier.uid };
        if (isTaken(err)) throw new SlotTakenError();
        throw unavailable(err);
      }
    },
  };
}
