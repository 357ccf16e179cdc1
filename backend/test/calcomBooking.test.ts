import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { calcomSandboxBooking } from '@ringcast/sandbox/testing';
import { config } from '../src/config';
import { Appointment, CallRecord } from '../src/db/models';
import { connectCalcom, runCancelCalendarBooking } from '../src/services/calendar';
import { getQueue } from '../src/queues';
import { answeredCall } from './helpers/relay';
import { useTwilioSandbox, waitFor } from './helpers/twilioSandbox';

/**
 * A booking campaign whose owner connected Cal.com, end to end: the sandbox's booker (a number
 * ending 6) talks with our real relay and agent, who books in the Cal.com sandbox; and when Cal.com
 * is down, the call still ends well, in call_back_later.
 */
const sandbox = useTwilioSandbox();

afterAll(async () => {
  await getQueue('cancelCalendarBooking').obliterate({ force: true });
});

const THIRTY_MINUTES = 1102;
/** Two calls played side by side on a machine that may be busy: room past the helper's default. */
const CALL_WAIT_MS = 45_000;

/** An answered call of a booking campaign whose owner connected Cal.com with this key. */
async function connectedCall(to: string, apiKey: string) {
  const answered = await answeredCall(sandbox.api.baseUrl, to);
  await connectCalcom(answered.user.id, { apiKey, eventTypeId: THIRTY_MINUTES });
  return { ...answered, apiKey };
}

/** Plays the call through the Twilio sandbox to its end; answers its stored outcome. */
async function played({ call }: Awaited<ReturnType<typeof connectedCall>>) {
  await sandbox.playToOurAgent(call, CALL_WAIT_MS);
  return waitFor(
    async () => (await CallRecord.findByPk(call.id))!.outcome,
    `${call.id}'s outcome`,
    CALL_WAIT_MS,
  );
}

describe('a Cal.com-connected booking campaign', () => {
  it(
    'books through Cal.com, cancels there; a Cal.com outage mid-call ends in call_back_later',
    {
      timeout: 120_000,
    },
    async () => {
      // Our real api is PUBLIC_URL for this test: its relay is the only one the sandbox opens.
      config.publicUrl = sandbox.api.baseUrl;
      onTestFinished(() => {
        config.publicUrl = sandbox.app.baseUrl;
      });
      const stamp = Date.now().toString(36);
      const [booker, outage] = await Promise.all([
        connectedCall('+13125550416', `cal_sandbox_${stamp}booker`),
        connectedCall('+13125550426', `cal_sandbox_${stamp}outage_down`),
      ]);
      expect(await Promise.all([played(booker), played(outage)])).toEqual([
        'appointment_booked',
        'call_back_later',
      ]);

      // Booked in Cal.com: the attendee the callee gave, the appointment named in the booking.
      const appointment = await Appointment.findOne({
        where: { callRecordId: booker.call.id },
        rejectOnEmpty: true,
      });
      expect(appointment).toMatchObject({ status: 'booked', source: 'calendar' });
      const atCalcom = await calcomSandboxBooking(booker.apiKey, appointment.externalBookingId!);
      expect(atCalcom?.booking).toMatchObject({
        status: 'accepted',
        start: appointment.startsAt.toISOString(),
        eventTypeId: THIRTY_MINUTES,
        attendees: [{ name: 'Bella Booker', email: 'bella.booker@example.com', phoneNumber: '+13125550416' }],
      });
      expect(Object.values(atCalcom!.booking.metadata)).toContain(`ringcast-appointment-${appointment.id}`);
      // Nothing was booked for the call that met the outage.
      expect(await Appointment.count({ where: { callRecordId: outage.call.id } })).toBe(0);

      // The owner cancels in Ringcast: the job cancels the booking in Cal.com.
      const res = await booker.client.post(`/api/appointments/${appointment.id}/cancel`);
      expect(res.status, res.text).toBe(200);
      const job = await getQueue('cancelCalendarBooking').getJob(`calendar-cancel-${appointment.id}`);
      expect(job?.data).toEqual({ appointmentId: appointment.id });
      expect(await runCancelCalendarBooking(appointment.id)).toBe('canceled');
      expect(await calcomSandboxBooking(booker.apiKey, appointment.externalBookingId!)).toMatchObject({
        booking: { status: 'cancelled' },
        cancelRequests: 1,
      });
    },
  );
});
