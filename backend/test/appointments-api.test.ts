import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_MESSAGES,
  DEFAULT_APPOINTMENT_HOURS,
  type Appointment as AppointmentDto,
  type Campaign as CampaignDto,
} from '@ringcast/shared-types';
import { Appointment, Campaign, NotificationSetting } from '../src/db/models';
import { answeredBookingCall, bookingCampaign } from './helpers/appointments';
import { putCampaign, userWithDraft } from './helpers/campaigns';
import { TestClient, registeredClient } from './helpers/client';
import { useTestApi } from './helpers/server';

/** GET /api/appointments and POST /api/appointments/:id/cancel; appointment hours on campaigns. */
const api = useTestApi({ admin: true });

const HOUR_MS = 3_600_000;

/** An owner's booked appointment `hoursAhead` from now (a row as the agent's booking writes it). */
async function bookedAppointment(hoursAhead: number) {
  const owner = await bookingCampaign(api.baseUrl);
  const { call } = await answeredBookingCall(owner);
  const startsAt = new Date(Math.ceil((Date.now() + hoursAhead * HOUR_MS) / 1_800_000) * 1_800_000);
  const appointment = await Appointment.create({
    userId: owner.user.id,
    campaignId: owner.campaign.id,
    prospectId: owner.prospect.id,
    callRecordId: call.id,
    startsAt,
    heldSlotStart: startsAt,
    timeZone: 'America/New_York',
    durationMinutes: 30,
    phoneNumber: owner.prospect.phoneNumber,
  });
  return { owner, call, appointment };
}

describe('the appointments API', () => {
  it("lists the owner's own, earliest first, by campaign, range and status; admins see everyone's", async () => {
    const later = await bookedAppointment(48);
    const { owner } = later;
    const sooner = await Appointment.create({
      ...later.appointment.get({ plain: true }),
      id: undefined as unknown as number,
      startsAt: new Date(later.appointment.startsAt.getTime() - 24 * HOUR_MS),
      heldSlotStart: new Date(later.appointment.startsAt.getTime() - 24 * HOUR_MS),
    });
    const other = await bookedAppointment(30);

    const mine = await owner.client.get('/api/appointments');
    expect(mine.status, mine.text).toBe(200);
    const listed = mine.json as unknown as AppointmentDto[];
    expect(listed.map((a) => a.id)).toEqual([sooner.id, later.appointment.id]);
    expect(listed[0]).toMatchObject({
      userId: owner.user.id,
      campaignId: owner.campaign.id,
      campaignName: owner.campaign.name,
      prospectId: owner.prospect.id,
      prospectName: 'Dana Whitfield',
      phoneNumber: owner.prospect.phoneNumber,
      timeZone: 'America/New_York',
      durationMinutes: 30,
      status: 'booked',
      source: 'agent',
      externalBookingId: null,
    });
    const ranged = await owner.client.get(
      `/api/appointments?campaignId=${owner.campaign.id}&from=${encodeURIComponent(
        new Date(sooner.startsAt.getTime() + 1).toISOString(),
      )}&status=booked`,
    );
    expect((ranged.json as unknown as AppointmentDto[]).map((a) => a.id)).toEqual([later.appointment.id]);
    const othersCampaign = await owner.client.get(`/api/appointments?campaignId=${other.owner.campaign.id}`);
    expect(othersCampaign.json).toEqual([]);

    const all = (await api.admin.get('/api/appointments?status=booked')).json as unknown as AppointmentDto[];
    expect(all.map((a) => a.id)).toEqual(
      expect.arrayContaining([sooner.id, later.appointment.id, other.appointment.id]),
    );
  });

  it('cancels for the owner or an admin; another user gets 404, a second cancel 409', async () => {
    const { owner, appointment } = await bookedAppointment(30);
    const stranger = await registeredClient(api.baseUrl);
    const theirs = await stranger.client.post(`/api/appointments/${appointment.id}/cancel`);
    expect([theirs.status, theirs.json.error]).toEqual([404, APPOINTMENT_MESSAGES.notFound]);
    expect((await stranger.client.post('/api/appointments/nope/cancel')).status).toBe(404);
    expect(
      (await new TestClient(api.baseUrl).post(`/api/appointments/${appointment.id}/cancel`)).status,
    ).toBe(401);

    const { sockets, events } = await api.hear('appointment:updated', [owner.client, api.admin]);
    const canceled = await owner.client.post(`/api/appointments/${appointment.id}/cancel`);
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.json).toMatchObject({
      id: appointment.id,
      status: 'canceled',
      canceledAt: expect.any(String),
    });
    const stored = (await Appointment.findByPk(appointment.id))!;
    expect([stored.status, stored.heldSlotStart]).toEqual(['canceled', null]);
    const again = await owner.client.post(`/api/appointments/${appointment.id}/cancel`);
    expect([again.status, again.json.error]).toEqual([409, APPOINTMENT_MESSAGES.alreadyCanceled]);
    await expect
      .poll(() =>
        events.map((heard) => heard.some((a) => a.id === appointment.id && a.status === 'canceled')),
      )
      .toEqual([true, true]);
    sockets.forEach((s) => s.close());

    const another = await bookedAppointment(40);
    const byAdmin = await api.admin.post(`/api/appointments/${another.appointment.id}/cancel`);
    expect(byAdmin.json).toMatchObject({ status: 'canceled' });
  });

  it('answers 400 with the schema messages for a bad query', async () => {
    const { owner } = await bookedAppointment(30);
    const bad = async (query: string) => {
      const res = await owner.client.get(`/api/appointments?${query}`);
      expect(res.status).toBe(400);
      return res.json.error;
    };
    expect(await bad('from=2026-12-09&to=2026-12-08')).toBe(APPOINTMENT_MESSAGES.range);
    expect(await bad('from=soon')).toBe('from must be an ISO 8601 date');
    expect(await bad('status=maybe')).toBe('status must be one of booked, canceled');
    expect(await bad('status=booked&status=canceled')).toBe('status must be given once');
  });
});

describe('appointment hours on campaigns', () => {
  it("start as Mon-Fri 9:00-17:00, 30 minutes, in the owner's zone", async () => {
    const owner = await registeredClient(api.baseUrl);
    await NotificationSetting.create({ userId: owner.user.id, timeZone: 'America/Chicago' });
    const made = await owner.client.post('/api/campaigns', { name: 'Check-ups', type: 'appointment' });
    expect((made.json as unknown as CampaignDto).appointmentHours).toEqual({
      ...DEFAULT_APPOINTMENT_HOURS,
      timeZone: 'America/Chicago',
    });
    const stored = (await Campaign.findByPk((made.json as unknown as CampaignDto).id))!;
    expect(stored.appointmentHours?.timeZone).toBe('America/Chicago');
  });

  it('are refused with the schema messages when bad, and stored and presented when good', async () => {
    const { client, campaign } = await userWithDraft(api.baseUrl);
    const hours = {
      days: ['tue', 'thu'],
      from: '08:30',
      to: '12:00',
      slotMinutes: 60,
      timeZone: 'America/Denver',
    };
    const refused = async (appointmentHours: object) => {
      const res = await putCampaign(client, campaign.id, {
        appointmentHours: { ...hours, ...appointmentHours },
      });
      expect(res.status, res.text).toBe(400);
      return res.json.error;
    };
    expect(await refused({ days: [] })).toBe(APPOINTMENT_MESSAGES.days);
    expect(await refused({ days: ['someday'] })).toBe(APPOINTMENT_MESSAGES.days);
    expect(await refused({ from: '8am' })).toBe(APPOINTMENT_MESSAGES.clock);
    expect(await refused({ to: '08:00' })).toBe(APPOINTMENT_MESSAGES.order);
    expect(await refused({ to: '09:00' })).toBe(APPOINTMENT_MESSAGES.tooShort);
    expect(await refused({ slotMinutes: 45 })).toBe(APPOINTMENT_MESSAGES.slotMinutes);
    expect(await refused({ timeZone: 'Mars/Olympus' })).toBe(APPOINTMENT_MESSAGES.timeZone);

    const saved = await putCampaign(client, campaign.id, { appointmentHours: hours });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.json as unknown as CampaignDto).appointmentHours).toEqual(hours);
    expect((await Campaign.findByPk(campaign.id))!.appointmentHours).toEqual(hours);
    const read = await client.get(`/api/campaigns/${campaign.id}`);
    expect((read.json as unknown as CampaignDto).appointmentHours).toEqual(hours);

    // A paid, active campaign changes them too (they are a setting, not a draft field).
    await Campaign.update({ status: 'active', setupPaymentProcessed: true }, { where: { id: campaign.id } });
    const active = await putCampaign(client, campaign.id, {
      appointmentHours: { ...hours, slotMinutes: 15 },
    });
    expect(active.status, active.text).toBe(200);
    expect((active.json as unknown as CampaignDto).appointmentHours.slotMinutes).toBe(15);
  });
});
