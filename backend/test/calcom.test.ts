import { afterAll, describe, expect, it } from 'vitest';
import { CALCOM_MESSAGES } from '@ringcast/shared-types';
import { calcomSandboxBooking } from '@ringcast/sandbox/testing';
import { TestClient, registeredClient } from './helpers/client';
import { userWithDraft } from './helpers/campaigns';
import { useTestApi } from './helpers/server';
import { config } from '../src/config';
import { Appointment } from '../src/db/models';
import { CalendarConnection } from '../src/db/models/calendar';
import { decryptSecret } from '../src/lib/secretBox';
import { getQueue } from '../src/queues';
import {
  CalendarUnavailableError,
  SlotTakenError,
  cancelCalendarBooking,
  connectedCalendarOf,
  runCancelCalendarBooking,
} from '../src/services/calendar';

/** Connecting Cal.com and booking through it, against the Cal.com sandbox (docs/appointments.md). */
const api = useTestApi();

afterAll(async () => {
  await getQueue('cancelCalendarBooking').obliterate({ force: true });
});

let keys = 0;
const sandboxKey = (suffix = '') => `cal_sandbox_${Date.now().toString(36)}${keys++}k${suffix}`;
const THIRTY_MINUTES = 1102;

async function connected(suffix = '') {
  const owner = await userWithDraft(api.baseUrl);
  const apiKey = sandboxKey(suffix);
  const res = await owner.client.request('PUT', '/api/integrations/calcom', {
    apiKey,
    eventTypeId: THIRTY_MINUTES,
  });
  expect(res.status, res.text).toBe(200);
  const calendar = await connectedCalendarOf(owner.user.id);
  if (!calendar) throw new Error('no calendar');
  return { ...owner, apiKey, calendar };
}

/** Next week's Tuesday, 00:00 UTC: the sandbox host is busy 9:00-10:30 and 12:00-13:00 New York then. */
function nextTuesday() {
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + 7 + ((2 - day.getUTCDay() + 7) % 7));
  return day;
}

const hourInNewYork = (at: Date) =>
  Number(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hour: 'numeric',
      hourCycle: 'h23',
    }).format(at),
  );

describe('connecting Cal.com', () => {
  it('lists the account’s event types, and refuses a key Cal.com does not know', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const good = await client.post('/api/integrations/calcom/event-types', { apiKey: sandboxKey() });
    expect(good.status, good.text).toBe(200);
    expect(good.json).toContainEqual({
      id: THIRTY_MINUTES,
      title: '30 Minute Meeting',
      slug: '30min',
      lengthInMinutes: 30,
    });
    const bad = await client.post('/api/integrations/calcom/event-types', {
      apiKey: 'cal_live_not_a_sandbox_key',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe(CALCOM_MESSAGES.apiKeyInvalid);
    const empty = await client.post('/api/integrations/calcom/event-types', { apiKey: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.json.fields?.apiKey).toBe(CALCOM_MESSAGES.apiKeyRequired);
  });

  it('checks the key and the event type, stores the key sealed, and shows only its last four', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const apiKey = sandboxKey();
    const unknownType = await client.request('PUT', '/api/integrations/calcom', { apiKey, eventTypeId: 999 });
    expect(unknownType.status).toBe(400);
    expect(unknownType.json.fields?.eventTypeId).toBe(CALCOM_MESSAGES.eventTypeUnknown);
    const badKey = await client.request('PUT', '/api/integrations/calcom', {
      apiKey: 'cal_live_nope',
      eventTypeId: THIRTY_MINUTES,
    });
    expect(badKey.status).toBe(400);
    expect(badKey.json.error).toBe(CALCOM_MESSAGES.apiKeyInvalid);
    expect(await CalendarConnection.count({ where: { userId: user.id } })).toBe(0);

    const res = await client.request('PUT', '/api/integrations/calcom', {
      apiKey,
      eventTypeId: THIRTY_MINUTES,
    });
    expect(res.status, res.text).toBe(200);
    const shown = await client.get('/api/integrations/calcom');
    expect(shown.json).toEqual({
      connected: true,
      apiKeyLast4: apiKey.slice(-4),
      eventTypeId: THIRTY_MINUTES,
      eventTypeTitle: '30 Minute Meeting',
      eventTypeMinutes: 30,
      sandbox: true,
      connectedAt: expect.any(String),
    });
    expect(shown.text).not.toContain(apiKey);
    const row = await CalendarConnection.findOne({ where: { userId: user.id }, rejectOnEmpty: true });
    expect(row.apiKeyEncrypted).not.toContain(apiKey);
    expect(decryptSecret(row.apiKeyEncrypted)).toBe(apiKey);

    expect((await client.request('DELETE', '/api/integrations/calcom')).status).toBe(204);
    expect((await client.get('/api/integrations/calcom')).json).toMatchObject({
      connected: false,
      apiKeyLast4: null,
    });
    expect(await connectedCalendarOf(user.id)).toBeNull();
  });

  it('needs a sign-in', async () => {
    const client = new TestClient(api.baseUrl);
    expect((await client.get('/api/integrations/calcom')).status).toBe(401);
    expect((await client.post('/api/integrations/calcom/event-types', { apiKey: sandboxKey() })).status).toBe(
      401,
    );
  });
});

describe('booking through the connected Cal.com', () => {
  it('offers only free slots: the host’s busy times are left out', async () => {
    const { calendar } = await connected();
    expect(calendar).toMatchObject({ source: 'calendar', durationMinutes: 30, needsEmail: true });
    const from = nextTuesday();
    const slots = await calendar.freeSlots(from, new Date(from.getTime() + 86_400_000), 'America/Chicago');
    expect(slots.length).toBeGreaterThan(5);
    const hours = slots.map((slot) => hourInNewYork(slot.startsAt));
    // Busy 9:00-10:30 and 12:00-13:00: the first free slot is 10:30, none at noon.
    expect(hours[0]).toBe(10);
    expect(slots[0]!.startsAt.getUTCMinutes()).toBe(30);
    expect(hours).not.toContain(9);
    expect(hours).not.toContain(12);
    expect(slots.every((slot) => slot.durationMinutes === 30)).toBe(true);
  });

  it('books with the attendee; a retry of that reference finds its booking; another hears taken', async () => {
    const { calendar, apiKey } = await connected();
    const [slot] = await calendar.freeSlots(
      nextTuesday(),
      new Date(nextTuesday().getTime() + 86_400_000),
      'UTC',
    );
    const attendee = {
      name: 'Ann Lee',
      email: 'ann@example.com',
      timeZone: 'America/Chicago',
      phoneNumber: '+13125550123',
    };
    const { externalBookingId } = await calendar.book(slot!, attendee, 'appt-1');
    const stored = await calcomSandboxBooking(apiKey, externalBookingId);
    expect(stored?.booking).toMatchObject({
      status: 'accepted',
      start: slot!.startsAt.toISOString(),
      eventTypeId: THIRTY_MINUTES,
      attendees: [
        {
          name: 'Ann Lee',
          email: 'ann@example.com',
          timeZone: 'America/Chicago',
          phoneNumber: '+13125550123',
        },
      ],
      metadata: { ringcastAppointment: 'appt-1' },
    });

    expect(await calendar.book(slot!, attendee, 'appt-1')).toEqual({ externalBookingId });
    await expect(
      calendar.book(slot!, { ...attendee, email: 'bob@example.com' }, 'appt-2'),
    ).rejects.toBeInstanceOf(SlotTakenError);
    const listed = await fetch(
      `${api.baseUrl}/sandbox/calcom/v2/bookings?afterStart=${slot!.startsAt.toISOString()}`,
      {
        headers: { Authorization: `Bearer ${apiKey}`, 'cal-api-version': '2024-08-13' },
      },
    ).then((res) => res.json() as Promise<{ data: unknown[] }>);
    expect(listed.data).toHaveLength(1);
    // The slot is no longer offered.
    const again = await calendar.freeSlots(
      slot!.startsAt,
      new Date(slot!.startsAt.getTime() + 3_600_000),
      'UTC',
    );
    expect(again.map((s) => s.startsAt.getTime())).not.toContain(slot!.startsAt.getTime());
  });

  it('cancels the booking there once, however often the job is asked for and run', async () => {
    const { calendar, apiKey, user, campaign } = await connected();
    const [slot] = await calendar.freeSlots(
      nextTuesday(),
      new Date(nextTuesday().getTime() + 86_400_000),
      'UTC',
    );
    const attendee = { name: 'Cy', email: 'cy@example.com', timeZone: 'UTC', phoneNumber: '+13125550124' };
    const { externalBookingId } = await calendar.book(slot!, attendee, 'appt-cancel');
    const appointment = await Appointment.create({
      userId: user.id,
      campaignId: campaign.id,
      startsAt: slot!.startsAt,
      timeZone: 'UTC',
      durationMinutes: 30,
      phoneNumber: attendee.phoneNumber,
      source: 'calendar',
      externalBookingId,
      status: 'booked',
    });
    // Still booked in Ringcast: nothing is canceled there.
    expect(await runCancelCalendarBooking(appointment.id)).toBe('nothing_to_cancel');
    await appointment.update({ status: 'canceled', canceledAt: new Date(), heldSlotStart: null });

    await cancelCalendarBooking(appointment.id);
    await cancelCalendarBooking(appointment.id);
    const queue = getQueue('cancelCalendarBooking');
    const job = await queue.getJob(`calendar-cancel-${appointment.id}`);
    expect(job?.data).toEqual({ appointmentId: appointment.id });
    expect(
      (await queue.getJobs(['waiting', 'delayed', 'prioritized'])).filter((j) => j.id === job?.id),
    ).toHaveLength(1);

    expect(await runCancelCalendarBooking(appointment.id)).toBe('canceled');
    expect(await runCancelCalendarBooking(appointment.id)).toBe('already_canceled');
    const stored = await calcomSandboxBooking(apiKey, externalBookingId);
    expect(stored?.booking.status).toBe('cancelled');
    expect(stored?.cancelRequests).toBe(1);
  });
});

describe('a Cal.com outage', () => {
  it('answers CalendarUnavailableError at once when Cal.com fails', async () => {
    const { calendar } = await connected('_down');
    const from = nextTuesday();
    const started = Date.now();
    await expect(
      calendar.freeSlots(from, new Date(from.getTime() + 86_400_000), 'UTC'),
    ).rejects.toBeInstanceOf(CalendarUnavailableError);
    const attendee = { name: 'Di', email: 'di@example.com', timeZone: 'UTC', phoneNumber: '+13125550125' };
    await expect(
      calendar.book({ startsAt: from, durationMinutes: 30 }, attendee, 'x'),
    ).rejects.toBeInstanceOf(CalendarUnavailableError);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('gives up on a Cal.com that does not answer within the timeout', async () => {
    const { calendar } = await connected('_slow');
    const timeoutMs = config.calcom.timeoutMs;
    config.calcom.timeoutMs = 300;
    try {
      const from = nextTuesday();
      const started = Date.now();
      await expect(
        calendar.freeSlots(from, new Date(from.getTime() + 86_400_000), 'UTC'),
      ).rejects.toBeInstanceOf(CalendarUnavailableError);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      config.calcom.timeoutMs = timeoutMs;
    }
  });
});

describe('the Cal.com sandbox', () => {
  it('answers as Cal.com does without a key, with a bad one, or without the api version', async () => {
    const url = `${api.baseUrl}/sandbox/calcom/v2`;
    const none = await fetch(`${url}/me`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ status: 'error', error: { code: 'UnauthorizedException' } });
    expect((await fetch(`${url}/me`, { headers: { Authorization: 'Bearer cal_live_x' } })).status).toBe(401);
    const auth = { Authorization: `Bearer ${sandboxKey()}` };
    const me = await fetch(`${url}/me`, { headers: auth });
    expect(await me.json()).toMatchObject({ status: 'success', data: { timeZone: 'America/New_York' } });
    expect((await fetch(`${url}/slots?eventTypeId=${THIRTY_MINUTES}`, { headers: auth })).status).toBe(400);
  });
});
