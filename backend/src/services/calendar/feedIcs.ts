/**
 * A user's booked appointments as an iCalendar (RFC 5545) calendar, written by ical-generator:
 * one VEVENT per booked appointment, in UTC, its UID stable per appointment so a subscribed
 * calendar updates the event instead of adding another; a canceled one is left out, which removes
 * it at the next refresh.
 */
import ical, { ICalEventStatus } from 'ical-generator';
import { Op } from 'sequelize';
import { config } from '../../config';
import { Appointment, Campaign, Prospect } from '../../db/models';
import { appLink } from '../mail';

/** How far back the feed reaches, and how many events it holds at most (the latest ones). */
const HISTORY_DAYS = 365;
const MAX_EVENTS = 5000;
const MINUTE = 60_000;

export async function calendarOfAppointments(userId: number): Promise<string> {
  const appointments = await Appointment.findAll({
    where: {
      userId,
      status: 'booked',
      startsAt: { [Op.gte]: new Date(Date.now() - HISTORY_DAYS * 24 * 60 * MINUTE) },
    },
    include: [
      { model: Campaign, as: 'campaign', attributes: ['id', 'name'] },
      { model: Prospect, as: 'prospect', attributes: ['id', 'name'] },
    ],
    order: [['startsAt', 'DESC']],
    limit: MAX_EVENTS,
  });
  const host = new URL(config.publicUrl).hostname;
  const calendar = ical({
    name: 'Ringcast appointments',
    prodId: { company: 'Ringcast', product: 'Appointments', language: 'EN' },
    // Subscribed calendars refresh on their own schedule; this asks for about hourly.
    ttl: 3600,
  });
  for (const appointment of appointments.reverse()) {
    const row = appointment as Appointment & { campaign?: Campaign | null; prospect?: Prospect | null };
    const who = row.attendeeName || row.prospect?.name || row.phoneNumber;
    const campaign = row.campaign?.name ?? 'Campaign';
    const callLink = row.callRecordId
      ? appLink(`/campaigns/${row.campaignId}?call=${row.callRecordId}`)
      : null;
    calendar.createEvent({
      id: `appointment-${row.id}@${host}`,
      start: row.startsAt,
      end: new Date(row.startsAt.getTime() + row.durationMinutes * MINUTE),
      stamp: row.updatedAt,
      summary: `${who} - ${campaign}`,
      description: [
        `Phone: ${row.phoneNumber}`,
        ...(row.attendeeEmail ? [`Email: ${row.attendeeEmail}`] : []),
        ...(callLink ? [`Call: ${callLink}`] : []),
        ...(row.notes ? ['', row.notes] : []),
      ].join('\n'),
      url: callLink,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
