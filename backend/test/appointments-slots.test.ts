import { describe, expect, it } from 'vitest';
import { APPOINTMENT_MESSAGES, BOOKING_TOOL_MESSAGES } from '@ringcast/shared-types';
import { Appointment, CallRecord, Campaign } from '../src/db/models';
import { bookSlot, loadBookingContext, offerSlots, type BookingResult } from '../src/services/appointments';
import { answeredBookingCall, bookingCampaign } from './helpers/appointments';
import { useTestApi } from './helpers/server';

/**
 * Booking against the campaign's own hours through the service, on the real database: two live
 * calls wanting one slot race on the insert, and the unique held slot lets exactly one win.
 */
const api = useTestApi();

async function twoCallsOfOneCampaign() {
  const owner = await bookingCampaign(api.baseUrl);
  const suffix = String(Date.now()).slice(-3);
  const first = await answeredBookingCall(owner, `+1212556${suffix}1`);
  const second = await answeredBookingCall(owner, `+1212556${suffix}2`);
  const campaign = (await Campaign.findByPk(owner.campaign.id))!;
  const context = (person: string) => loadBookingContext(campaign, { prospectId: null, phoneNumber: person });
  return { owner, first: first.call, second: second.call, context };
}

describe('two calls booking one slot', () => {
  it('gives one booking and one "that time was just taken" with fresh options, every time', async () => {
    const { first, second, context } = await twoCallsOfOneCampaign();
    const [contextA, contextB] = [(await context(first.toNumber))!, (await context(second.toNumber))!];
    const offer = await offerSlots(contextA, {
      from: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    });
    if (!offer.ok) throw new Error(offer.error);
    expect(offer.slots).toHaveLength(3);
    expect(offer.timeZone).toBe('America/New_York');

    // Each offered slot, raced by both calls at once: one winner a slot.
    for (const slot of offer.slots) {
      const results = await Promise.all([
        bookSlot(contextA, { startsAt: slot.startsAt, name: 'Ann' }, { callId: first.id }),
        bookSlot(contextB, { startsAt: slot.startsAt, name: 'Bob' }, { callId: second.id }),
      ]);
      const won = results.filter((r) => r.ok);
      const lost = results.filter((r): r is Extract<BookingResult, { ok: false }> => !r.ok);
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]!.error).toBe(APPOINTMENT_MESSAGES.slotTaken);
      expect(lost[0]!.slots!.length).toBeGreaterThan(0);
      expect(lost[0]!.slots!.map((s) => s.startsAt)).not.toContain(slot.startsAt);
      expect(
        await Appointment.count({
          where: { campaignId: contextA.campaignId, startsAt: new Date(slot.startsAt), status: 'booked' },
        }),
      ).toBe(1);
    }
    // Each call's outcome carries the appointment it booked last.
    for (const call of [first, second]) {
      const stored = (await CallRecord.findByPk(call.id))!;
      if (!stored.appointmentId) continue;
      expect(stored.outcome).toBe('appointment_booked');
      expect((await Appointment.findByPk(stored.appointmentId))!.callRecordId).toBe(call.id);
    }
    // The winner's model asking for its slot again (a retried tool call) gets the same booking, once.
    const [slot] = offer.slots;
    // This campaign's: other files of the worker book the same times for campaigns of their own.
    const holder = (await Appointment.findOne({
      where: { campaignId: contextA.campaignId, startsAt: new Date(slot!.startsAt), status: 'booked' },
    }))!;
    const holdingCall = holder.callRecordId === first.id ? first : second;
    const holdingContext = holdingCall === first ? contextA : contextB;
    for (let i = 0; i < 2; i++)
      expect(
        await bookSlot(
          holdingContext,
          { startsAt: slot!.startsAt, name: 'Again' },
          { callId: holdingCall.id },
        ),
      ).toMatchObject({ ok: true, appointmentId: holder.id });
    expect(
      await Appointment.count({
        where: { callRecordId: holdingCall.id, startsAt: new Date(slot!.startsAt) },
      }),
    ).toBe(1);
    // Nothing booked is offered again.
    const again = await offerSlots(contextA, { from: offer.slots[0]!.startsAt.slice(0, 10) });
    if (!again.ok) throw new Error(again.error);
    expect(again.slots.map((s) => s.startsAt)).not.toEqual(
      expect.arrayContaining([offer.slots[0]!.startsAt]),
    );
  });

  it('tells a call asking for a slot booked since it was offered that it was just taken', async () => {
    const { first, second, context } = await twoCallsOfOneCampaign();
    const [contextA, contextB] = [(await context(first.toNumber))!, (await context(second.toNumber))!];
    const offer = await offerSlots(contextB, {
      from: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    });
    if (!offer.ok) throw new Error(offer.error);
    const slot = offer.slots[0]!;
    // The other call's booking lands before this one asks: not a free time any more, and not a mistake.
    expect(
      await bookSlot(contextA, { startsAt: slot.startsAt, name: 'Ann' }, { callId: first.id }),
    ).toMatchObject({ ok: true });
    const late = await bookSlot(contextB, { startsAt: slot.startsAt, name: 'Bob' }, { callId: second.id });
    if (late.ok) throw new Error('booked twice');
    expect(late.error).toBe(APPOINTMENT_MESSAGES.slotTaken);
    expect(late.slots!.length).toBeGreaterThan(0);
    expect(late.slots!.map((s) => s.startsAt)).not.toContain(slot.startsAt);
    // A time never offered is still refused as one.
    const never = await bookSlot(
      contextB,
      { startsAt: slot.startsAt.replace(/:00(?=[+-]|Z)/, ':07'), name: 'Bob' },
      { callId: second.id },
    );
    expect(never).toMatchObject({ ok: false, error: BOOKING_TOOL_MESSAGES.notOffered });
  });

  it('frees the slot on cancel, so another call may book it; the playground books nothing', async () => {
    const { owner, first, second, context } = await twoCallsOfOneCampaign();
    const contextA = (await context(first.toNumber))!;
    const offer = await offerSlots(contextA, {
      from: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
    });
    if (!offer.ok) throw new Error(offer.error);
    const slot = offer.slots[0]!;

    const tried = await bookSlot(contextA, { startsAt: slot.startsAt, name: 'Ann' }, null);
    expect(tried).toMatchObject({
      ok: true,
      appointmentId: null,
      detail: expect.stringContaining('booked for'),
    });
    expect(await Appointment.count({ where: { campaignId: owner.campaign.id } })).toBe(0);

    const booked = await bookSlot(contextA, { startsAt: slot.startsAt, name: 'Ann' }, { callId: first.id });
    if (!booked.ok || !booked.appointmentId) throw new Error('not booked');
    const canceled = await owner.client.post(`/api/appointments/${booked.appointmentId}/cancel`);
    expect(canceled.status, canceled.text).toBe(200);
    const rebooked = await bookSlot(
      (await context(second.toNumber))!,
      { startsAt: slot.startsAt, name: 'Bob' },
      { callId: second.id },
    );
    expect(rebooked).toMatchObject({ ok: true, spoken: slot.spoken });
    const rows = await Appointment.findAll({
      where: { campaignId: owner.campaign.id },
      order: [['id', 'ASC']],
    });
    expect(rows.map((r) => [r.status, r.heldSlotStart?.toISOString() ?? null])).toEqual([
      ['canceled', null],
      ['booked', new Date(slot.startsAt).toISOString()],
    ]);
  });
});
