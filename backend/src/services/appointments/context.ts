import { QueryTypes } from 'sequelize';
import { isKnownTimeZone, shownTimeZone, type AppointmentHours } from '@ringcast/shared-types';
import { sequelize } from '../../db/sequelize';
import type { Campaign } from '../../db/models';
import { callingAreasOf, prospectCallingArea } from '../calls/dispatch';
import { connectedCalendarOf, type ConnectedCalendar } from '../calendar';
import { appointmentHoursOf } from './hours';

/** What a booking call's tools book against: the campaign's hours or calendar, and the prospect. */
export interface BookingContext {
  userId: number;
  campaignId: number;
  hours: AppointmentHours;
  /** The owner's Cal.com when connected; the campaign's own hours otherwise. */
  calendar: ConnectedCalendar | null;
  /** The prospect's IANA zone: the clock the agent reads dates on and speaks times in. */
  timeZone: string;
  prospectId: number | null;
  /** E.164 of the person on the call. */
  phoneNumber: string;
}

/** Only booking campaigns (type `appointment`) book. */
export const booksAppointments = (campaign: Pick<Campaign, 'type'>) => campaign.type === 'appointment';

/**
 * The zone the prospect lives in, as the dialer reads it (the prospect's calling area, else the
 * number's); the business's zone when neither names one (a number from abroad, the playground).
 */
async function prospectZone(
  campaignId: number,
  prospectId: number | null,
  phoneNumber: string | null,
  fallback: string,
): Promise<string> {
  let areaId: number | null = null;
  if (prospectId) {
    const [row] = await sequelize.query<{ callingAreaId: number | null }>(
      'SELECT callingAreaId FROM campaign_prospects WHERE campaignId = ? AND prospectId = ?',
      { replacements: [campaignId, prospectId], type: QueryTypes.SELECT },
    );
    areaId = row?.callingAreaId ?? null;
  }
  if (!phoneNumber) return fallback;
  const area = prospectCallingArea(phoneNumber, areaId, await callingAreasOf([areaId]));
  const zone = shownTimeZone(area.timeZones);
  return zone && isKnownTimeZone(zone) ? zone : fallback;
}

/** A call's booking context; null when its campaign does not book. */
export async function loadBookingContext(
  campaign: Pick<Campaign, 'id' | 'userId' | 'type' | 'appointmentHours'>,
  person: { prospectId: number | null; phoneNumber: string | null },
): Promise<BookingContext | null> {
  if (!booksAppointments(campaign)) return null;
  const hours = await appointmentHoursOf(campaign);
  const [calendar, timeZone] = await Promise.all([
    connectedCalendarOf(campaign.userId),
    prospectZone(campaign.id, person.prospectId, person.phoneNumber, hours.timeZone),
  ]);
  return {
    userId: campaign.userId,
    campaignId: campaign.id,
    hours,
    calendar,
    timeZone,
    prospectId: person.prospectId,
    phoneNumber: person.phoneNumber ?? '',
  };
}
