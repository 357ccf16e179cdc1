import { Op } from 'sequelize';
import {
  APPOINTMENT_MIN_LEAD_MINUTES,
  BOOKING_TOOL_MESSAGES,
  appointmentSlots,
  askedRange,
  isoInZone,
  nextFreeSearchEnd,
  pickOfferedSlots,
  spokenSlot,
  type OfferedSlot,
  type PartOfDay,
} from '@ringcast/shared-types';
import { Appointment } from '../../db/models';
import type { BookingContext } from './context';

const MINUTE_MS = 60_000;

/** What check_availability answers: up to three free slots, or why it could not look. */
export type SlotOffer =
  { ok: true; timeZone: string; slots: OfferedSlot[]; detail: string } | { ok: false; error: string };

/** How long each appointment of this context lasts. */
export const slotMinutesOf = (context: BookingContext) =>
  context.calendar ? context.calendar.durationMinutes : context.hours.slotMinutes;

/** The earliest a slot may start now. */
export const earliestStart = (now: number) => now + APPOINTMENT_MIN_LEAD_MINUTES * MINUTE_MS;

/**
 * Free slot starts in [from, to): the connected calendar's (throws CalendarUnavailableError), or
 * the campaign's hours; either way without those overlapping an appointment the campaign holds.
 */
export async function freeSlotStarts(context: BookingContext, from: number, to: number): Promise<number[]> {
  if (!(to > from)) return [];
  const minutes = slotMinutesOf(context);
  const candidates = context.calendar
    ? (await context.calendar.freeSlots(new Date(from), new Date(to), context.timeZone)).map((s) =>
        s.startsAt.getTime(),
      )
    : appointmentSlots(context.hours, from, to);
  if (!candidates.length) return [];
  // Held slots that could overlap one of these: starting up to a slot length before `from`.
  const held = await Appointment.findAll({
    where: {
      campaignId: context.campaignId,
      heldSlotStart: { [Op.gte]: new Date(from - 24 * 60 * MINUTE_MS), [Op.lt]: new Date(to) },
    },
    attributes: ['startsAt', 'durationMinutes'],
  });
  const busy = held.map((a) => [a.startsAt.getTime(), a.startsAt.getTime() + a.durationMinutes * MINUTE_MS]);
  return candidates.filter((start) => {
    const end = start + minutes * MINUTE_MS;
    return !busy.some(([busyStart, busyEnd]) => start < busyEnd! && busyStart! < end);
  });
}

/** Free slots as the agent is told them, on the prospect's clock. */
export const offeredSlots = (context: BookingContext, starts: number[]): OfferedSlot[] =>
  starts.map((at) => ({
    startsAt: isoInZone(at, context.timeZone),
    spoken: spokenSlot(at, context.timeZone),
  }));

/**
 * Up to three free slots in the range asked (read on the prospect's clock), spread over it. When
 * none is free then, the nearest free ones after it, so the agent always has something to offer.
 */
export async function offerSlots(
  context: BookingContext,
  asked: { from: string; to?: string; partOfDay?: PartOfDay },
  now = Date.now(),
): Promise<SlotOffer> {
  const range = askedRange(asked.from, asked.to, context.timeZone);
  if (!range) return { ok: false, error: BOOKING_TOOL_MESSAGES.unreadableRange };
  const start = Math.max(range.from, earliestStart(now));
  const pick = (starts: number[], partOfDay = asked.partOfDay) =>
    pickOfferedSlots(starts, [], { zone: context.timeZone, partOfDay });
  let slots = start < range.to ? pick(await freeSlotStarts(context, start, range.to)) : [];
  if (slots.length)
    return {
      ok: true,
      timeZone: context.timeZone,
      slots: offeredSlots(context, slots),
      detail: 'offer these times',
    };
  const after = Math.max(range.to, start);
  const later = await freeSlotStarts(context, after, nextFreeSearchEnd(after));
  slots = pick(later);
  if (!slots.length) slots = pick(later, undefined);
  return {
    ok: true,
    timeZone: context.timeZone,
    slots: offeredSlots(context, slots),
    detail: slots.length
      ? 'nothing is free in the time asked; offer these nearest free times instead'
      : 'nothing is free in the next two weeks; offer to have someone call back',
  };
}

/**
 * Fresh options around a slot that could not be booked: the rest of its day on the prospect's
 * clock, else the nearest free times after it.
 */
export async function freshOptions(
  context: BookingContext,
  at: number,
  now = Date.now(),
): Promise<OfferedSlot[]> {
  const day = isoInZone(at, context.timeZone).slice(0, 10);
  const offer = await offerSlots(context, { from: day }, now);
  return offer.ok ? offer.slots : [];
}
