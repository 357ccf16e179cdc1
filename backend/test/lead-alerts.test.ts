import { describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import { CallRecord } from '../src/db/models';
import { getQueue } from '../src/queues';
import { recordCallOutcome } from '../src/services/calls/settle';
import { SUMMARY_WAIT_MS, sendDueLeadDigests, sendLeadAlerts } from '../src/services/notifications';
import { callOf, ownerWithLiveCall, settle } from './helpers/leads';
import { TestClient, uniqueEmail } from './helpers/client';
import { useTestApi } from './helpers/server';

/**
 * Lead alerts (docs/notifications.md): a call settling as a lead queues one alert job, which mails
 * the owner and the campaign's extra addresses once each, after the summary (or without it, past
 * the wait); 'off' and 'digest' send none; the digest mails yesterday's leads once at 8:00 their
 * time; each mail's unsubscribe link turns its category off. The worker is not running here: the
 * mails are read as the sendMail jobs they become, in the real queue.
 */
const api = useTestApi();

async function mailsTo(address: string, idPrefix: string) {
  const mailJobs: Job<JobPayloads['sendMail']>[] = await getQueue('sendMail').getJobs([
    'waiting',
    'delayed',
    'prioritized',
    'active',
    'completed',
  ]);
  return mailJobs.filter((job) => job.data.to.includes(address) && job.data.id.startsWith(idPrefix));
}

const putSettings = (client: TestClient, leadAlerts: string, timeZone?: string) =>
  client.request('PUT', '/api/notification-settings', {
    leadAlerts,
    campaignEvents: true,
    ticketAnswers: true,
    ...(timeZone && { timeZone }),
  });

describe('a lead alert', () => {
  it('is queued when the call settles and mails the owner and each extra address once', async () => {
    const owner = await ownerWithLiveCall(api.baseUrl, 'appointment_booked');
    const extras = [uniqueEmail('front'), uniqueEmail('sales')];
    await owner.client.request('PUT', `/api/campaigns/${owner.campaign.id}/alert-recipients`, {
      recipients: extras,
    });
    await settle(owner.call, owner.accountSid);

    const job = await getQueue('sendLeadAlerts').getJob(`lead-alert-${owner.call.id}`);
    expect(job?.data).toEqual({ callId: owner.call.id });

    // The job's work, run twice (a retry, a second ask): one mail per recipient all the same.
    expect(await sendLeadAlerts(owner.call.id)).toEqual({ step: 'done', result: 'sent', recipients: 3 });
    await sendLeadAlerts(owner.call.id);
    await recordCallOutcome(owner.call.id, 'appointment_booked');
    const prefix = `lead-alert:${owner.call.id}:`;
    const [mine] = await mailsTo(owner.user.email.toLowerCase(), prefix);
    expect(await mailsTo(owner.user.email.toLowerCase(), prefix)).toHaveLength(1);
    for (const address of extras) expect(await mailsTo(address, prefix)).toHaveLength(1);

    const mail = mine!.data;
    expect(mail.subject).toBe(`Appointment booked: Dana Whitfield (${owner.campaign.name})`);
    expect(mail.text).toContain('(212) 555-0147');
    expect(mail.text).toMatch(/Their local time: \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M E[SD]T/);
    expect(mail.text).toContain('Dana wants a quote for the spring cleaning.');
    expect(mail.text).toContain(`/campaigns/${owner.campaign.id}?call=${owner.call.id}`);
    expect(mail.html).toContain(`/campaigns/${owner.campaign.id}?call=${owner.call.id}`);

    // The owner's unsubscribe link turns lead alerts off, without a sign-in.
    const link = /Unsubscribe from these emails: (\S+)/.exec(mail.text)![1]!;
    const token = new URL(link).searchParams.get('token');
    const res = await new TestClient(api.baseUrl).post('/api/notification-settings/unsubscribe', { token });
    expect(res.status, res.text).toBe(200);
    expect(
      ((await owner.client.get('/api/notification-settings')).json as { leadAlerts: string }).leadAlerts,
    ).toBe('off');
  });

  it('sends nothing when the owner turned lead alerts off, or chose the digest', async () => {
    for (const mode of ['off', 'digest']) {
      const owner = await ownerWithLiveCall(api.baseUrl);
      await putSettings(owner.client, mode);
      await settle(owner.call, owner.accountSid);
      expect(await sendLeadAlerts(owner.call.id)).toEqual({ step: 'done', result: 'off', recipients: 0 });
      expect(await mailsTo(owner.user.email.toLowerCase(), 'lead-alert:')).toHaveLength(0);
    }
  });

  it('is not sent for a call that is not a lead, nor for a test call', async () => {
    const owner = await ownerWithLiveCall(api.baseUrl, 'not_interested');
    await settle(owner.call, owner.accountSid);
    expect(await getQueue('sendLeadAlerts').getJob(`lead-alert-${owner.call.id}`)).toBeUndefined();
    expect((await sendLeadAlerts(owner.call.id)).step === 'done').toBe(true);
    expect(await mailsTo(owner.user.email.toLowerCase(), 'lead-alert:')).toHaveLength(0);
  });

  it('waits for the summary while the conversation’s summary is being written, and goes without it past the wait', async () => {
    const owner = await ownerWithLiveCall(api.baseUrl);
    await owner.call.update({ summary: null, relayStartedAt: new Date() });
    await settle(owner.call, owner.accountSid);
    const settledAt = (await CallRecord.findByPk(owner.call.id))!.settledAt!.getTime();
    const waiting = await sendLeadAlerts(owner.call.id, settledAt + 1000);
    expect(waiting.step).toBe('wait');
    expect(await mailsTo(owner.user.email.toLowerCase(), 'lead-alert:')).toHaveLength(0);
    // Past the wait it leaves, saying the summary is still being written: well within the minute.
    expect(SUMMARY_WAIT_MS).toBeLessThan(60_000);
    expect(await sendLeadAlerts(owner.call.id, settledAt + SUMMARY_WAIT_MS)).toMatchObject({
      result: 'sent',
    });
    const [mail] = await mailsTo(owner.user.email.toLowerCase(), 'lead-alert:');
    expect(mail!.data.text).toContain('The summary of the call is still being written');
  });
});

describe('the daily lead digest', () => {
  it("mails yesterday's leads once, in the 8 o'clock hour of the owner's zone", async () => {
    const owner = await ownerWithLiveCall(api.baseUrl, 'interested');
    await putSettings(owner.client, 'digest', 'America/Los_Angeles');
    // Two leads and one refusal settled "yesterday" in Los Angeles (Dec 5, 2026), one lead today.
    const at = (iso: string) => ({
      status: 'completed' as const,
      endedAt: new Date(iso),
      settledAt: new Date(iso),
    });
    await owner.call.update(at('2026-12-05T17:00:00Z'));
    // 23:30 on Dec 5 in Los Angeles; then a refusal that day, and a lead at 00:30 on Dec 6 there.
    const second = await callOf(
      owner.campaign,
      owner.prospect,
      'call_back_later',
      at('2026-12-06T07:30:00Z'),
    );
    const refusal = await callOf(
      owner.campaign,
      owner.prospect,
      'not_interested',
      at('2026-12-05T18:00:00Z'),
    );
    const today = await callOf(owner.campaign, owner.prospect, 'interested', at('2026-12-06T08:30:00Z'));

    // 7:59 there: not yet. 8:05 and 8:50: once.
    await sendDueLeadDigests(new Date('2026-12-06T15:59:00Z'));
    expect(await mailsTo(owner.user.email.toLowerCase(), 'lead-digest:')).toHaveLength(0);
    await sendDueLeadDigests(new Date('2026-12-06T16:05:00Z'));
    await sendDueLeadDigests(new Date('2026-12-06T16:50:00Z'));
    const mails = await mailsTo(owner.user.email.toLowerCase(), 'lead-digest:');
    expect(mails).toHaveLength(1);
    const { subject, text, id } = mails[0]!.data;
    expect(id).toBe(`lead-digest:${owner.user.id}:2026-12-05:${owner.user.email.toLowerCase()}`);
    expect(subject).toBe('2 leads from Saturday, December 5');
    expect(text).toContain(`?call=${owner.call.id}`);
    expect(text).toContain(`?call=${second.id}`);
    expect(text).not.toContain(`?call=${refusal.id}`);
    expect(text).not.toContain(`?call=${today.id}`);
    expect(text).toContain('Call back later');
  });
});
