/**
 * A calendar the agent books in: the campaign's own appointment hours (Ringcast holds the
 * bookings) or the owner's connected Cal.com. The appointments service asks it for free slots and
 * books through it; the appointments table's unique slot key still guards the campaign's hours.
 */
export interface CalendarSlot {
  startsAt: Date;
  durationMinutes: number;
}

export interface CalendarAttendee {
  name: string;
  /** Required by Cal.com; the agent asks for it and reads it back. */
  email: string | null;
  /** The prospect's IANA zone. */
  timeZone: string;
  /** E.164. */
  phoneNumber: string;
}

/** The slot was taken in the meantime: the agent hears "that time was just taken" and fresh options. */
export class SlotTakenError extends Error {
  constructor() {
    super('that time was just taken');
  }
}

/** The calendar could not be reached or refused for another reason: the call goes on without it. */
export class CalendarUnavailableError extends Error {}

export interface ConnectedCalendar {
  /** `calendar` bookings keep the external id. */
  source: 'calendar';
  /** The event type's length: every slot is this long. */
  durationMinutes: number;
  /** Whether a booking needs the attendee's email (Cal.com does). */
  needsEmail: boolean;
  /** Free slots starting in [from, to), earliest first. Throws CalendarUnavailableError. */
  freeSlots(from: Date, to: Date, timeZone: string): Promise<CalendarSlot[]>;
  /**
   * Books the slot; answers the booking's id there. `reference` is the appointment's own id, kept
   * on the booking, so a retry after a lost answer finds the booking instead of making a second.
   * Throws SlotTakenError or CalendarUnavailableError.
   */
  book(
    slot: CalendarSlot,
    attendee: CalendarAttendee,
    reference: string,
  ): Promise<{ externalBookingId: string }>;
}
