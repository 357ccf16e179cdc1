import { APPOINTMENT_MESSAGES } from '@ringcast/shared-types';
import { sequelize } from '../../db/sequelize';
import { Appointment } from '../../db/models';
import { conflict, notFound } from '../../errors';
import { cancelCalendarBooking } from '../calendar';
import { announceAppointment } from './announce';

/** Who cancels: the owner (their own only) or an admin (any). */
export interface AppointmentActor {
  userId: number;
  isAdmin: boolean;
}

/**
 * Cancels a booked appointment: its slot is freed at once (heldSlotStart NULL, so another call may
 * book it), and a booking in the owner's calendar is canceled there by a job after the commit.
 * Someone else's appointment answers 404, as a missing one; one already canceled, 409.
 */
export async function cancelAppointment(actor: AppointmentActor, id: number): Promise<number> {
  const appointment = await sequelize.transaction(async (transaction) => {
    const found = await Appointment.findOne({
      where: actor.isAdmin ? { id } : { id, userId: actor.userId },
      transaction,
      lock: true,
    });
    if (!found) throw notFound(APPOINTMENT_MESSAGES.notFound);
    if (found.status === 'canceled') throw conflict(APPOINTMENT_MESSAGES.alreadyCanceled);
    await found.update({ status: 'canceled', heldSlotStart: null, canceledAt: new Date() }, { transaction });
    await announceAppointment(found.id, transaction);
    return found;
  });
  if (appointment.externalBookingId) await cancelCalendarBooking(appointment.id);
  return appointment.id;
}
