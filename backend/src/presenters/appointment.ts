import type { Appointment as AppointmentDto } from '@ringcast/shared-types';
import type { Appointment } from '../db/models';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** An appointment with the names it is shown with (its campaign's, its prospect's). */
export type ShownAppointment = Appointment & {
  campaign?: { name: string } | null;
  prospect?: { name: string | null } | null;
};

/** What the screens, the API, the `appointment:updated` push and the webhooks show of an appointment. */
export function presentAppointment(appointment: ShownAppointment): AppointmentDto {
  return {
    id: appointment.id,
    userId: appointment.userId,
    campaignId: appointment.campaignId,
    campaignName: appointment.campaign?.name ?? '',
    prospectId: appointment.prospectId ?? null,
    callId: appointment.callRecordId ?? null,
    // The name the callee gave the agent, else the list's.
    prospectName: appointment.attendeeName ?? appointment.prospect?.name ?? null,
    phoneNumber: appointment.phoneNumber,
    startsAt: appointment.startsAt.toISOString(),
    timeZone: appointment.timeZone,
    durationMinutes: appointment.durationMinutes,
    status: appointment.status,
    source: appointment.source,
    externalBookingId: appointment.externalBookingId ?? null,
    attendeeEmail: appointment.attendeeEmail ?? null,
    notes: appointment.notes ?? null,
    canceledAt: iso(appointment.canceledAt),
    createdAt: appointment.createdAt.toISOString(),
    updatedAt: appointment.updatedAt.toISOString(),
  };
}
