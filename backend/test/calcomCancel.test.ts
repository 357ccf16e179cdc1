import { expect, it } from 'vitest';
import { calcomSandboxBooking } from '@ringcast/sandbox/testing';
import { userWithDraft } from './helpers/campaigns';
import { jobFinished } from './helpers/jobs';
import { useTestApi } from './helpers/server';
import { Appointment } from '../src/db/models';
import { getQueue } from '../src/queues';
import { cancelCalendarBooking, connectedCalendarOf } from '../src/services/calendar';

/** The worker cancels a canceled appointment's Cal.com booking, once (docs/appointments.md#calcom). */
const api = useTestApi({ worker: true });

const DAY = 86_400_000;

it(
  'runs in the worker: the booking is cancelled in Cal.com once, however often it is asked',
  { timeout: 60_000 },
  async () => {
    const owner = await userWithDraft(api.baseUrl);
    const apiKey = `cal_sandbox_${Date.now().toString(36)}worker`;
    const put = await owner.client.request('PUT', '/api/integrations/calcom', { apiKey, eventTypeId: 1101 });
    expect(put.status, put.text).toBe(200);
    const calendar = (await connectedCalendarOf(owner.user.id))!;
    const from = new Date(Date.now() + 8 * DAY);
    const [slot] = await calendar.freeSlots(from, new Date(from.getTime() + 7 * DAY), 'UTC');
    const attendee = { name: 'Eve', email: 'eve@example.com', timeZone: 'UTC', phoneNumber: '+13125550126' };
    const { externalBookingId } = await calendar.book(slot!, attendee, 'ringcast-appointment-worker');
    const appointment = await Appointment.create({
      userId: owner.user.id,
      campaignId: owner.campaign.id,
      startsAt: slot!.startsAt,
      timeZone: 'UTC',
      durationMinutes: slot!.durationMinutes,
      phoneNumber: attendee.phoneNumber,
      source: 'calendar',
      externalBookingId,
      status: 'canceled',
      canceledAt: new Date(),
    });

    await Promise.all([cancelCalendarBooking(appointment.id), cancelCalendarBooking(appointment.id)]);
    const jobId = `calendar-cancel-${appointment.id}`;
    expect(await jobFinished('cancelCalendarBooking', jobId, 30_000)).toBe('canceled');
    // Asked again later: the finished job is kept, so the ask joins it and nothing runs.
    await cancelCalendarBooking(appointment.id);
    expect(await (await getQueue('cancelCalendarBooking').getJob(jobId))?.getState()).toBe('completed');

    const stored = await calcomSandboxBooking(apiKey, externalBookingId);
    expect(stored).toMatchObject({ booking: { status: 'cancelled' }, cancelRequests: 1 });
  },
);
