import { beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MESSAGES, isoInZone, type Appointment as AppointmentDto } from '@ringcast/shared-types';
import { Appointment, CallRecord } from '../src/db/models';
import { WebhookEvent } from '../src/db/models/webhooks';
import { CALL_EXPORT_HEADERS, analysisExportHeaders } from '../src/presenters/callExport';
import { getQueue } from '../src/queues';
import { applyCallEvents } from '../src/services/calls/events';
import { CALL_SUMMARY_WAIT_MS, emitCallWebhooks } from '../src/services/webhooks';
import { runAgentTool, type AgentCallState } from '../src/services/agent/tools';
import { loadCallWithBrief } from '../src/services/agent/agentBrief';
import { answeredBookingCall, bookingCampaign } from './helpers/appointments';
import { AGENT_CAMPAIGN } from './helpers/relay';
import { finalStatusEvent } from './helpers/callEvents';
import { endFrame, useRelayCallers } from './helpers/relayCalls';
import { useTestApi } from './helpers/server';
import { waitFor } from './helpers/sockets';

/**
 * The booking persona (digit 6) on a booking campaign, end to end: the relay socket, the agent and
 * its tools, the OpenAI sandbox through the real SDK, real MariaDB and Redis. No worker runs: the
 * call's webhook events are written by their job's work, called here.
 */
const api = useTestApi();
const connect = useRelayCallers(api);

beforeAll(async () => {
  await getQueue('emitCallWebhooks').drain(true);
});

const BOOKER = [
  "I'm doing well, thanks. What is this about?",
  'That sounds good. Could we do tomorrow morning?',
  "The first one works. I'm Bella Booker, my email is bella.booker@example.com.",
];

describe('the booking persona on a booking campaign', () => {
  it('books a free slot: the row, the outcome with its id, the push, the webhook and the CSV', async () => {
    const owner = await bookingCampaign(api.baseUrl);
    const endpoint = await owner.client.post('/api/webhook-endpoints', {
      url: 'https://crm.example.com/hooks',
      events: ['appointment.booked'],
    });
    expect(endpoint.status, endpoint.text).toBe(201);
    const { sockets, events } = await api.hear('appointment:updated', [owner.client]);
    const { call, accountSid } = await answeredBookingCall(owner);

    const caller = await connect(call);
    let next = 0;
    for (const line of BOOKER.slice(0, 2)) {
      caller.say(line);
      next = (await caller.turn(next)).next;
    }
    const offered = caller
      .texts(0)
      .map((t) => t.token)
      .join('');
    expect(offered).toMatch(/I have .+ AM.+ or .+\. Which would suit you\?/);
    caller.say(BOOKER[2]!);
    const end = await endFrame(caller);
    expect(JSON.parse(end.handoffData!)).toMatchObject({ outcome: 'appointment_booked' });

    const appointment = await waitFor(() => Appointment.findOne({ where: { callRecordId: call.id } }));
    expect(appointment).toMatchObject({
      userId: owner.user.id,
      campaignId: owner.campaign.id,
      prospectId: owner.prospect.id,
      status: 'booked',
      source: 'agent',
      timeZone: 'America/New_York',
      durationMinutes: 30,
      attendeeName: 'Bella Booker',
      attendeeEmail: 'bella.booker@example.com',
      phoneNumber: owner.prospect.phoneNumber,
    });
    expect(appointment.heldSlotStart?.getTime()).toBe(appointment.startsAt.getTime());
    // A slot of the default hours (Mon-Fri 9:00-17:00 New York), in the future.
    const local = isoInZone(appointment.startsAt.getTime(), 'America/New_York');
    expect(local.slice(11, 16) >= '09:00' && local.slice(11, 16) <= '16:30').toBe(true);
    expect(appointment.startsAt.getTime()).toBeGreaterThan(Date.now());
    // The closing names the booked time as offered: the first one.
    const closing = caller
      .texts(0)
      .map((t) => t.token)
      .join('');
    expect(closing).toContain("You're all set for");
    // Said before and after the booking ran, in one turn: two sentences, apart.
    expect(closing).toMatch(/for you now\. You're all set/);
    expect(closing).toContain('bella dot booker at example dot com');

    const stored = (await CallRecord.findByPk(call.id))!;
    expect(stored).toMatchObject({ outcome: 'appointment_booked', appointmentId: appointment.id });

    const pushed = await waitFor(() => events[0]!.find((a: AppointmentDto) => a.id === appointment.id));
    expect(pushed).toMatchObject({
      callId: call.id,
      campaignName: owner.campaign.name,
      prospectName: 'Bella Booker',
      startsAt: appointment.startsAt.toISOString(),
      status: 'booked',
    });
    sockets.forEach((s) => s.close());

    // The call ends: appointment.booked carries the appointment, as the API shows it.
    await applyCallEvents([finalStatusEvent(stored, accountSid)]);
    // As the job runs once the summary is written, or the wait for it is over.
    expect(await emitCallWebhooks(call.id, Date.now() + CALL_SUMMARY_WAIT_MS)).toEqual({
      step: 'done',
      events: 1,
    });
    const [event] = await WebhookEvent.findAll({
      where: { userId: owner.user.id, type: 'appointment.booked' },
    });
    expect(event!.payload).toMatchObject({
      id: call.id,
      outcome: 'appointment_booked',
      appointmentId: appointment.id,
      appointmentStartsAt: appointment.startsAt.toISOString(),
      appointmentTimeZone: 'America/New_York',
      appointment: { id: appointment.id, callId: call.id, startsAt: appointment.startsAt.toISOString() },
    });
    const listed = await owner.client.get(`/api/appointments?campaignId=${owner.campaign.id}`);
    expect((event!.payload as { appointment: unknown }).appointment).toEqual(
      JSON.parse(JSON.stringify((listed.json as unknown as AppointmentDto[])[0])),
    );

    // The call log's CSV has the same appointment columns.
    const csv = await owner.client.get(`/api/campaigns/${owner.campaign.id}/calls.csv`);
    const [header, row] = csv.text.trim().split(/\r?\n/);
    // Then the analysis columns: no fields on this campaign, so the sentiment and the goal.
    expect(header).toBe([...CALL_EXPORT_HEADERS, ...analysisExportHeaders([])].join(','));
    expect(header).toContain("Appointment ID,Appointment (UTC),Appointment's time zone");
    expect(row).toContain(`,${appointment.id},${appointment.startsAt.toISOString()},America/New_York`);
  }, 60_000);

  it('refuses appointment_booked without a booking on the call, and books only offered free slots', async () => {
    const owner = await bookingCampaign(api.baseUrl);
    const { call } = await answeredBookingCall(owner);
    const loaded = (await loadCallWithBrief(call.id))!;
    expect(loaded.brief.booking).toMatchObject({ timeZone: 'America/New_York', needsEmail: false });
    const state: AgentCallState = {
      call: loaded.call,
      outcome: null,
      optedOut: false,
      endRequested: null,
      booking: loaded.booking,
    };
    const plain = await runAgentTool(
      state,
      'record_outcome',
      '{"outcome":"appointment_booked","time":"2026-12-01T10:00:00-05:00"}',
    );
    expect(plain).toEqual({
      ok: false,
      error: expect.stringMatching(/^appointment_booked is recorded by book_appointment/),
    });
    // A time outside the hours (3 AM) is not a slot: fresh options instead.
    const tomorrow = isoInZone(Date.now() + 86_400_000, 'America/New_York').slice(0, 10);
    const odd = await runAgentTool(
      state,
      'book_appointment',
      JSON.stringify({ startsAt: `${tomorrow}T03:00:00-05:00`, name: 'Dana' }),
    );
    expect(odd).toMatchObject({ ok: false, error: expect.stringContaining('one of the free times') });
    expect((odd as { slots: unknown[] }).slots.length).toBeGreaterThan(0);
    expect((await CallRecord.findByPk(call.id))!.outcome).toBeNull();
    expect(await Appointment.count({ where: { callRecordId: call.id } })).toBe(0);
    expect(APPOINTMENT_MESSAGES.slotTaken).toBe('that time was just taken');
  });

  it('leaves other campaign types without booking tools, and their plain appointment_booked as before', async () => {
    const owner = await bookingCampaign(api.baseUrl, { ...AGENT_CAMPAIGN, type: 'quote' });
    const { call } = await answeredBookingCall(owner);
    const loaded = (await loadCallWithBrief(call.id))!;
    expect([loaded.booking, loaded.brief.booking]).toEqual([null, undefined]);
    const state: AgentCallState = {
      call: loaded.call,
      outcome: null,
      optedOut: false,
      endRequested: null,
      booking: loaded.booking,
    };
    const tomorrow = isoInZone(Date.now() + 86_400_000, 'America/New_York').slice(0, 10);
    expect(await runAgentTool(state, 'check_availability', JSON.stringify({ from: tomorrow }))).toEqual({
      ok: false,
      error: 'this campaign does not book appointments',
    });
    const booked = await runAgentTool(
      state,
      'record_outcome',
      '{"outcome":"appointment_booked","time":"2026-12-01T10:00:00-05:00"}',
    );
    expect(booked).toMatchObject({ ok: true });
    expect(await CallRecord.findByPk(call.id)).toMatchObject({
      outcome: 'appointment_booked',
      appointmentId: null,
    });
  });
});
