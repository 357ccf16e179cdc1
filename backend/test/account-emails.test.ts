import { describe, expect, it } from 'vitest';
import { Campaign, SupportTicket } from '../src/db/models';
import { getQueue } from '../src/queues';
import { notifyCampaignEvent } from '../src/services/notifications';
import { TestClient, registeredClient } from './helpers/client';
import { userWithDraft } from './helpers/campaigns';
import { useTestApi } from './helpers/server';

/**
 * Campaign event and support ticket emails (docs/notifications.md): queued after the change commits,
 * once per event, only while the owner keeps that kind on, each with its unsubscribe link. Read as
 * the sendMail jobs they become (no worker runs here).
 */
const api = useTestApi({ admin: true });

async function mailsTo(address: string, idPrefix: string) {
  const jobs = await getQueue('sendMail').getJobs([
    'waiting',
    'delayed',
    'prioritized',
    'active',
    'completed',
  ]);
  return jobs.filter(
    (job) => job.data.to.includes(address.toLowerCase()) && job.data.id.startsWith(idPrefix),
  );
}

const turnOff = (client: TestClient, field: 'campaignEvents' | 'ticketAnswers') =>
  client.request('PUT', '/api/notification-settings', {
    leadAlerts: 'each',
    campaignEvents: field !== 'campaignEvents',
    ticketAnswers: field !== 'ticketAnswers',
  });

describe('a support ticket answered', () => {
  it('mails the owner the answer once, with a link to their tickets and an unsubscribe link', async () => {
    const { user } = await registeredClient(api.baseUrl);
    const ticket = await SupportTicket.create({
      userId: user.id,
      subject: 'Invoice copy',
      message: 'Please send it.',
    });
    const res = await api.admin.request('PUT', `/api/admin/support-tickets/${ticket.id}`, {
      status: 'resolved',
      adminResponse: 'Sent to your email just now.',
    });
    expect(res.status, res.text).toBe(200);
    const mails = await mailsTo(user.email, `ticket-answered:${ticket.id}:`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data.subject).toBe('Re: Invoice copy');
    expect(mails[0]!.data.text).toContain('Sent to your email just now.');
    expect(mails[0]!.data.text).toContain('/help');
    expect(mails[0]!.data.text).toMatch(/Unsubscribe from these emails: \S+\/unsubscribe\?token=/);
    // A status move without a new answer mails nothing more.
    await api.admin.request('PUT', `/api/admin/support-tickets/${ticket.id}`, { status: 'closed' });
    expect(await mailsTo(user.email, `ticket-answered:${ticket.id}:`)).toHaveLength(1);
  });

  it('mails nothing when the owner turned ticket emails off', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    await turnOff(client, 'ticketAnswers');
    const ticket = await SupportTicket.create({
      userId: user.id,
      subject: 'Quiet',
      message: 'No mail please.',
    });
    await api.admin.request('PUT', `/api/admin/support-tickets/${ticket.id}`, {
      status: 'in_progress',
      adminResponse: 'Looking into it.',
    });
    expect(await mailsTo(user.email, 'ticket-answered:')).toHaveLength(0);
  });
});

describe('a campaign event', () => {
  it('mails the owner once per event while campaign emails are on', async () => {
    const { client, user, campaign } = await userWithDraft(api.baseUrl);
    const row = (await Campaign.findByPk(campaign.id))!;
    await notifyCampaignEvent(row, 'completed', 'a');
    await notifyCampaignEvent(row, 'completed', 'a');
    const mails = await mailsTo(user.email, `campaign-event:${campaign.id}:completed:`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data.subject).toBe(`${campaign.name} has completed`);
    expect(mails[0]!.data.text).toContain(`/campaigns/${campaign.id}`);

    await turnOff(client, 'campaignEvents');
    await notifyCampaignEvent(row, 'payment_failed', 'b', { reason: 'Your card was declined.' });
    expect(await mailsTo(user.email, `campaign-event:${campaign.id}:payment_failed:`)).toHaveLength(0);
  });
});
