import { UniqueConstraintError } from 'sequelize';
import {
  APPOINTMENT_MESSAGES,
  BOOKING_TOOL_MESSAGES,
  isoInZone,
  spokenSlot,
  type OfferedSlot,
} from '@ringcast/shared-types';
import { retriedTransaction } from '../../db/deadlockRetry';
import { Appointment, CallRecord } from '../../db/models';
import { logger } from '../../logger';
import { recordCallOutcome } from '../calls/settle';
import { CalendarUnavailableError, SlotTakenError } from '../calendar';
import { announceAppointment } from './announce';
import { earliestStart, freeSlotStarts, freshOptions, slotMinutesOf } from './availability';
import type { BookingContext } from './context';

export interface BookingRequest {
  startsAt: string;
  name: string;
  email?: string;
  note?: string;
}

/** What book_appointment answers: the booking, or why not (with fresh options when the slot went). */
export type BookingResult =
  | { ok: true; appointmentId: number | null; startsAt: string; spoken: string; detail: string }
  | { ok: false; error: string; slots?: OfferedSlot[] };

/** The call a booking is made on; none in the playground, where nothing is stored. */
export interface BookingCall {
  callId: number;
  /** The relay session holding the call (its outcome may land just after the call settled). */
  sessionKey?: string | null;
}

/**
 * Whether the slot may be booked now: one of the free starts (the hours' or the calendar's), far
 * enough ahead, with the email the calendar needs. Null when it may, else what to tell the agent.
 */
async function refusal(
  context: BookingContext,
  at: number,
  request: BookingRequest,
  now: number,
): Promise<BookingResult | null> {
  if (context.calendar?.needsEmail && !request.email)
    return { ok: false, error: BOOKING_TOOL_MESSAGES.emailNeeded };
  const free = at >= earliestStart(now) && (await freeSlotStarts(context, at, at + 1)).includes(at);
  if (free) return null;
  // Booked by another call since it was offered: the race the unique held slot decides, met here
  // when the other call's booking landed first, and told the same way.
  if (!Number.isNaN(at) && (await heldSlotTaken(context.campaignId, at))) return slotTaken(context, at, now);
  const slots = await freshOptions(context, at, now);
  return { ok: false, error: BOOKING_TOOL_MESSAGES.notOffered, slots };
}

const heldSlotTaken = async (campaignId: number, at: number) =>
  (await Appointment.count({ where: { campaignId, heldSlotStart: new Date(at), status: 'booked' } })) > 0;

const booked = (context: BookingContext, at: number, appointmentId: number | null): BookingResult => {
  const spoken = spokenSlot(at, context.timeZone);
  return {
    ok: true,
    appointmentId,
    startsAt: isoInZone(at, context.timeZone),
    spoken,
    detail: `booked for ${spoken}; say the time back and close the call`,
  };
};

/**
 * Books a slot for the person on the call. The row goes in first and its unique held slot
 * decides between two calls wanting the same time (the loser hears "that time was just taken"
 * with fresh options); with a calendar the row is then the booking's reference there, so a retry
 * finds the booking instead of making a second. A calendar that fails removes the row, and the
 * agent offers a call back. A booking made records the call's outcome with it. Without a call
 * (the playground) nothing is stored: it answers what would happen.
 */
export async function bookSlot(
  context: BookingContext,
  request: BookingRequest,
  call: BookingCall | null,
  now = Date.now(),
): Promise<BookingResult> {
  // The slot as offered: an ISO time with the prospect's offset.
  const at = Date.parse(request.startsAt);
  // The model asking again for the slot this call already holds (a retried tool call) gets the same booking.
  const held = call && (await heldByCall(call.callId, at));
  if (held) return recorded(context, held, call);
  try {
    const refused = await refusal(context, at, request, now);
    if (refused) return refused;
  } catch (err) {
    if (!(err instanceof CalendarUnavailableError)) throw err;
    return { ok: false, error: BOOKING_TOOL_MESSAGES.calendarDown };
  }
  if (!call) return booked(context, at, null);

  let appointment: Appointment;
  try {
    appointment = await retriedTransaction((transaction) =>
      Appointment.create(
        {
          userId: context.userId,
          campaignId: context.campaignId,
          prospectId: context.prospectId,
          callRecordId: call.callId,
          startsAt: new Date(at),
          heldSlotStart: new Date(at),
          timeZone: context.timeZone,
          durationMinutes: slotMinutesOf(context),
          status: 'booked',
          source: context.calendar ? 'calendar' : 'agent',
          attendeeName: request.name,
          attendeeEmail: request.email ?? null,
          phoneNumber: context.phoneNumber,
          notes: request.note ?? null,
        },
        { transaction },
      ),
    );
  } catch (err) {
    if (!(err instanceof UniqueConstraintError)) throw err;
    return slotTaken(context, at, now);
  }

  if (context.calendar) {
    const outcome = await bookInCalendar(context, appointment, request);
    if (outcome !== 'booked') {
      await appointment.destroy();
      if (outcome === 'taken') return slotTaken(context, at, now);
      return { ok: false, error: BOOKING_TOOL_MESSAGES.calendarDown };
    }
  }

  await retriedTransaction((transaction) => announceAppointment(appointment.id, transaction));
  return recorded(context, appointment, call);
}

const heldByCall = (callId: number, at: number) =>
  Number.isNaN(at)
    ? null
    : Appointment.findOne({ where: { callRecordId: callId, heldSlotStart: new Date(at), status: 'booked' } });

/** The call's outcome is the booking (once: the same appointment again changes nothing). */
async function recorded(
  context: BookingContext,
  appointment: Appointment,
  call: BookingCall,
): Promise<BookingResult> {
  const changed = await recordCallOutcome(call.callId, 'appointment_booked', {
    sessionKey: call.sessionKey,
    appointmentId: appointment.id,
  });
  if (!changed && !(await CallRecord.count({ where: { id: call.callId, appointmentId: appointment.id } })))
    logger.warn({ callId: call.callId, appointmentId: appointment.id }, 'booked after the call ended');
  return booked(context, appointment.startsAt.getTime(), appointment.id);
}

async function slotTaken(context: BookingContext, at: number, now: number): Promise<BookingResult> {
  try {
    return { ok: false, error: APPOINTMENT_MESSAGES.slotTaken, slots: await freshOptions(context, at, now) };
  } catch (err) {
    if (!(err instanceof CalendarUnavailableError)) throw err;
    return { ok: false, error: BOOKING_TOOL_MESSAGES.calendarDown };
  }
}

/** Books the row's slot in the connected calendar and keeps the booking's id. */
async function bookInCalendar(
  context: BookingContext,
  appointment: Appointment,
  request: BookingRequest,
): Promise<'booked' | 'taken' | 'unavailable'> {
  try {
    const { externalBookingId } = await context.calendar!.book(
      { startsAt: appointment.startsAt, durationMinutes: appointment.durationMinutes },
      {
        name: request.name,
        email: request.email ?? null,
        timeZone: context.timeZone,
        phoneNumber: context.phoneNumber,
      },
      `ringcast-appointment-${appointment.id}`,
    );
    await appointment.update({ externalBookingId });
    return 'booked';
  } catch (err) {
    if (err instanceof SlotTakenError) return 'taken';
    logger.warn({ err, appointmentId: appointment.id }, 'calendar booking failed');
    return 'unavailable';
  }
}
