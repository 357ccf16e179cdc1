import type { Transaction } from 'sequelize';
import { Appointment, Campaign, Prospect } from '../../db/models';
import { publish } from '../../events/publish';
import { presentAppointment, type ShownAppointment } from '../../presenters/appointment';

/** What an appointment is shown with: its campaign's name and its prospect's. */
export const SHOWN_WITH = [
  { model: Campaign, as: 'campaign', attributes: ['name'], required: false },
  { model: Prospect, as: 'prospect', attributes: ['name'], required: false },
];

/** The appointment as the screens show it, read with its names (in the transaction, when given). */
export async function shownAppointment(id: number, transaction?: Transaction | null) {
  const appointment = await Appointment.findByPk(id, { include: SHOWN_WITH, transaction });
  return appointment ? presentAppointment(appointment as ShownAppointment) : null;
}

/** Tells the owner's tabs and every admin, once the transaction commits. */
export async function announceAppointment(id: number, transaction: Transaction): Promise<void> {
  const shown = await shownAppointment(id, transaction);
  if (shown) publish('appointment:updated', shown, { userId: shown.userId, transaction });
}
