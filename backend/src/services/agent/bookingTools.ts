import { BOOKING_TOOL_MESSAGES, type OfferedSlot } from '@ringcast/shared-types';
import { CalendarUnavailableError } from '../calendar';
import { bookSlot, offerSlots, type BookingCall, type BookingContext } from '../appointments';

/** A checked call of a booking tool. */
export type BookingToolCall =
  | {
      tool: 'check_availability';
      args: { from: string; to?: string; partOfDay?: 'morning' | 'afternoon' | 'evening' };
    }
  | { tool: 'book_appointment'; args: { startsAt: string; name: string; email?: string; note?: string } };

/** What a booking tool tells the model, besides ok and why not. */
export interface BookingToolAnswer {
  ok: boolean;
  detail?: string;
  error?: string;
  timeZone?: string;
  slots?: OfferedSlot[];
  appointmentId?: number | null;
  startsAt?: string;
  spoken?: string;
}

/**
 * Runs check_availability or book_appointment against the call's booking context. `call` null is
 * the playground: availability is real, a booking is only checked and answered, never stored. A
 * calendar out of reach never breaks the call: the model is told to offer a call back instead.
 */
export async function runBookingTool(
  context: BookingContext | null,
  checked: BookingToolCall,
  call: BookingCall | null,
): Promise<BookingToolAnswer> {
  if (!context) return { ok: false, error: BOOKING_TOOL_MESSAGES.notBookingCampaign };
  try {
    if (checked.tool === 'check_availability') return await offerSlots(context, checked.args);
    const result = await bookSlot(context, checked.args, call);
    return call || !result.ok
      ? result
      : { ...result, detail: `would be ${result.detail} (nothing is stored here)` };
  } catch (err) {
    if (!(err instanceof CalendarUnavailableError)) throw err;
    return { ok: false, error: BOOKING_TOOL_MESSAGES.calendarDown };
  }
}
