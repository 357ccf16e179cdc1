import type { Weekday } from '../logic/zonedTime';

/** `booked` holds its slot; `canceled` frees it (by the owner, or in the connected calendar). */
export const APPOINTMENT_STATUSES = ['booked', 'canceled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/**
 * Where the booking lives: `agent` on the campaign's own appointment hours (Ringcast holds it);
 * `calendar` in the owner's connected calendar (Cal.com), whose booking id it keeps.
 */
export const APPOINTMENT_SOURCES = ['agent', 'calendar'] as const;
export type AppointmentSource = (typeof APPOINTMENT_SOURCES)[number];

/** Slot lengths a campaign may offer, in minutes. */
export const APPOINTMENT_SLOT_MINUTES = [15, 30, 60] as const;
export type AppointmentSlotMinutes = (typeof APPOINTMENT_SLOT_MINUTES)[number];

/**
 * When a booking campaign takes appointments, in the business's time zone (not the prospect's).
 * `from`/`to` are 'HH:MM' on each of `days`; the last slot ends by `to`.
 */
export interface AppointmentHours {
  days: Weekday[];
  from: string;
  to: string;
  slotMinutes: AppointmentSlotMinutes;
  /** IANA zone of the business. */
  timeZone: string;
}

/** Mon-Fri 9:00-17:00, 30-minute slots: every booking campaign starts with these, in the owner's zone. */
export const DEFAULT_APPOINTMENT_HOURS: Omit<AppointmentHours, 'timeZone'> = {
  days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  from: '09:00',
  to: '17:00',
  slotMinutes: 30,
};

/** A booked (or canceled) appointment, as every screen, the API and the webhooks show it. */
export interface Appointment {
  id: number;
  /** The campaign's owner: an admin's tab hears every owner's appointments and keeps its own apart. */
  userId: number;
  campaignId: number;
  campaignName: string;
  /** Null when the prospect was since removed. */
  prospectId: number | null;
  /** The call it was booked on; null when the call was since removed. */
  callId: number | null;
  prospectName: string | null;
  /** E.164. */
  phoneNumber: string;
  /** ISO 8601, UTC. */
  startsAt: string;
  /** The prospect's IANA zone: the time the agent spoke and the prospect heard. */
  timeZone: string;
  durationMinutes: number;
  status: AppointmentStatus;
  source: AppointmentSource;
  /** The booking's id in the connected calendar (Cal.com's uid) when source is `calendar`. */
  externalBookingId: string | null;
  /** The email the callee gave (and the agent read back), when asked for. */
  attendeeEmail: string | null;
  /** What the call said about it (the agent's note). */
  notes: string | null;
  canceledAt: string | null;
  createdAt: string;
  updatedAt: string;
}
