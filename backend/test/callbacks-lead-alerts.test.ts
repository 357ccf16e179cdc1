import { describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { addDays, localTimeAt, type JobPayloads } from '@ringcast/shared-types';
import { Appointment, Callback } from '../src/db/models';
import { getQueue } from '../src/queues';
import { sendLeadAlerts, sendLeadDigest } from '../src/services/notifications';
import { ownerWithLiveCall, settle } from './helpers/leads';
import { useTestApi } from './helpers/server';

/**
 * Lead alerts name the time the call set: the appointment it booked, or the call back it was
 * promised, on the prospect's clock and on the owner's. No worker runs: the mails are read as the
 * sendMail jobs they become.
 */
const api = useTestApi();

async function mailTextsTo(address: string, idPrefix: string) {
  const jobs: Job<JobPayloads['sendMail']>[] = await getQueue('sendMail').getJobs([
    'waiting',
    'delayed',
    'prioritized',
    'active',
    'completed',
  ]);
  return jobs
    .filter((job) => job.data.to.includes(address) && job.data.id.startsWith(idPrefix))
    .map((j) => j.data);
}

/** An owner whose clock is Los Angeles, with a New York prospect's call ending as `outcome`. */
async function leadOf(outcome: 'appointment_booked' | 'call_back_later') {
  const owner = await ownerWithLiveCall(api.baseUrl, outcome);
  const res = await owner.client.request('PUT', '/api/notification-settings', {
    leadAlerts: 'each',
    campaignEvents: true,
    ticketAnswers: true,
    timeZone: 'America/Los_Angeles',
  });
  expect(res.status, res.text).toBe(200);
  return owner;
}

const STARTS = new Date('2026-12-08T19:00:00Z');

describe('a lead alert with the time the call set', () => {
  it('names the booked appointment on both clocks', async () => {
    const owner = await leadOf('appointment_booked');
    const appointment = await Appointment.create({
      userId: owner.user.id,
      campaignId: owner.campaign.id,
      prospectId: owner.prospect.id,
      callRecordId: owner.call.id,
      startsAt: STARTS,
      heldSlotStart: STARTS,
      timeZone: 'America/New_York',
      durationMinutes: 30,
      phoneNumber: owner.prospect.phoneNumber,
    });
    await owner.call.update({ appointmentId: appointment.id });
    await settle(owner.call, owner.accountSid);
    expect(await sendLeadAlerts(owner.call.id)).toMatchObject({ step: 'done', result: 'sent' });
    const [mail] = await mailTextsTo(owner.user.email, 'lead-alert:');
    expect(mail!.text).toContain('Appointment, their time: Dec 8, 2:00 PM EST');
    expect(mail!.text).toContain('Appointment, your time: Dec 8, 11:00 AM PST');
  });

  it('names when the promised call back is due, in the alert and in the digest', async () => {
    const owner = await leadOf('call_back_later');
    await Callback.create({
      userId: owner.user.id,
      campaignId: owner.campaign.id,
      prospectId: owner.prospect.id,
      heldProspectId: owner.prospect.id,
      requestedOnCallId: owner.call.id,
      requestedFor: STARTS,
      dueAt: STARTS,
      timeZone: 'America/New_York',
    });
    await settle(owner.call, owner.accountSid);
    await sendLeadAlerts(owner.call.id);
    const [mail] = await mailTextsTo(owner.user.email, 'lead-alert:');
    expect(mail!.subject).toContain('Call back later');
    expect(mail!.text).toContain('Call back, their time: Dec 8, 2:00 PM EST');
    expect(mail!.text).toContain('Call back, your time: Dec 8, 11:00 AM PST');

    // The digest of the day the call settled says it too.
    const zone = 'America/Los_Angeles';
    const today = addDays(localTimeAt(Date.now(), zone), 1);
    expect(await sendLeadDigest(owner.user.id, today, zone)).toBe(1);
    const [digest] = await mailTextsTo(owner.user.email, 'lead-digest:');
    expect(digest!.text).toContain(
      'Call back later. Call back: Dec 8, 2:00 PM EST (Dec 8, 11:00 AM PST your time).',
    );
  });
});
