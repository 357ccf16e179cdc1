import { Op, type WhereOptions } from 'sequelize';
import type { Appointment as AppointmentDto, AppointmentQuery } from '@ringcast/shared-types';
import { Appointment } from '../../db/models';
import { presentAppointment, type ShownAppointment } from '../../presenters/appointment';
import { SHOWN_WITH } from './announce';

/** A list is at most this long: the screens show upcoming weeks, not years. */
const LIST_LIMIT = 500;

/**
 * The owner's appointments (an admin's: everyone's), earliest first, by campaign, start range and
 * status. `to` is exclusive; the index (userId, startsAt) serves the owner's list.
 */
export async function listAppointments(
  viewer: { userId: number; isAdmin: boolean },
  query: AppointmentQuery,
): Promise<AppointmentDto[]> {
  const startsAt: Record<symbol, Date> = {};
  if (query.from) startsAt[Op.gte] = new Date(query.from);
  if (query.to) startsAt[Op.lt] = new Date(query.to);
  const where: WhereOptions = {
    ...(viewer.isAdmin ? {} : { userId: viewer.userId }),
    ...(query.campaignId ? { campaignId: query.campaignId } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.from || query.to ? { startsAt } : {}),
  };
  const rows = await Appointment.findAll({
    where,
    include: SHOWN_WITH,
    order: [
      ['startsAt', 'ASC'],
      ['id', 'ASC'],
    ],
    limit: LIST_LIMIT,
  });
  return rows.map((row) => presentAppointment(row as ShownAppointment));
}
