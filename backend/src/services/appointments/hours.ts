import type { Transaction } from 'sequelize';
import {
  DEFAULT_APPOINTMENT_HOURS,
  DEFAULT_NOTIFICATION_TIME_ZONE,
  isKnownTimeZone,
  type AppointmentHours,
} from '@ringcast/shared-types';
import { NotificationSetting, type Campaign } from '../../db/models';

/** The owner's own zone: the one chosen for their mail, else the product's default. */
export async function ownerTimeZone(userId: number, transaction?: Transaction | null): Promise<string> {
  const settings = await NotificationSetting.findByPk(userId, { attributes: ['timeZone'], transaction });
  const zone = settings?.timeZone;
  return zone && isKnownTimeZone(zone) ? zone : DEFAULT_NOTIFICATION_TIME_ZONE;
}

/** Mon-Fri 9:00-17:00, 30-minute slots, in the owner's zone: what a new campaign starts with. */
export async function defaultAppointmentHours(
  userId: number,
  transaction?: Transaction | null,
): Promise<AppointmentHours> {
  return { ...DEFAULT_APPOINTMENT_HOURS, timeZone: await ownerTimeZone(userId, transaction) };
}

/** The campaign's hours as set, or the defaults in its owner's zone (a campaign made before they were). */
export async function appointmentHoursOf(
  campaign: Pick<Campaign, 'userId' | 'appointmentHours'>,
): Promise<AppointmentHours> {
  return campaign.appointmentHours ?? defaultAppointmentHours(campaign.userId);
}
